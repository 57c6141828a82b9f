/**
 * The `documents` field (ui:field on `docs`): one card per visible upload slot of the declaration.
 * Work in progress: the full slot (type, date, files, upload, reuse) follows in the next commits.
 */
import { Stack, Text } from '@mantine/core';
import type { FieldProps } from '@rjsf/utils';
import { formMessages } from '../../../../config/messages-forms.it';
import { engineContext } from '../../engine/forms/form-context';

export function DocumentsField(props: FieldProps) {
  const context = engineContext(props);
  return (
    <Stack gap="md">
      {context.declaration.slots.map((slot) => (
        <Stack key={slot.name} data-testid={`slot-${slot.name}`} gap={4}>
          <Text fw={600}>{slot.label}</Text>
          <Text size="sm">{context.slotDocuments[slot.name]?.label ?? formMessages.formNoFileUploaded}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
