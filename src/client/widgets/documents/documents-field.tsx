/**
 * The `documents` field (ui:field on `docs`, 001 §9): one card per upload slot of the declaration
 * whose `visibleWhen` holds. The engine keeps which document each slot holds (`slotDocuments`);
 * `docs` is the list of the visible slots' document ids, in slot order. A slot that becomes hidden
 * (e.g. the beneficiary turns back to "me stesso") loses its document.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import type { UploadSlot } from '../../../../config/forms/types';
import { isSlotRequired, isSlotVisible } from '../../../shared/forms/conditions';
import { slotsOf } from '../../../shared/forms/kinds';
import { engineContext, type SlotDocument } from '../../engine/forms/form-context';
import { UploadSlotCard } from './upload-slot-card';

type SlotDocuments = Readonly<Record<string, SlotDocument | undefined>>;

/** `docs`: the document ids of the visible slots, in slot order. */
export function documentIds(visible: readonly UploadSlot[], documents: SlotDocuments): number[] {
  return visible.flatMap((slot) => {
    const document = documents[slot.name];
    return document ? [document.doc_id] : [];
  });
}

export function DocumentsField(props: FieldProps) {
  const context = engineContext(props);
  const { declaration, formData, slotDocuments, setSlotDocument } = context;
  const slots = slotsOf(declaration);
  const visible = slots.filter((slot) => isSlotVisible(slot, formData));
  const errors = context.errorsFor('docs');
  const disabled = context.submitting || Boolean(props.disabled) || Boolean(props.readonly);
  const { onChange, fieldPathId } = props;

  // Hidden slots still holding a document, as a stable key for the effect below.
  const hiddenHolding = slots
    .filter((slot) => slotDocuments[slot.name] && !isSlotVisible(slot, formData))
    .map((slot) => slot.name)
    .join(' ');

  useEffect(() => {
    if (hiddenHolding === '') return;
    const dropped = hiddenHolding.split(' ');
    for (const name of dropped) setSlotDocument(name, undefined);
    const remaining = { ...slotDocuments };
    for (const name of dropped) delete remaining[name];
    onChange(documentIds(visible, remaining), fieldPathId.path);
    // Runs when the set of hidden slots holding a document changes; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hiddenHolding]);

  // An upload ends after other renders (another slot may have been filled meanwhile): read the latest.
  const latest = useRef({ visible, slotDocuments });
  useEffect(() => {
    latest.current = { visible, slotDocuments };
  });

  const update = (slot: UploadSlot, document: SlotDocument | undefined) => {
    setSlotDocument(slot.name, document);
    const now = latest.current;
    onChange(documentIds(now.visible, { ...now.slotDocuments, [slot.name]: document }), fieldPathId.path);
  };

  return (
    <Stack gap="md" w="100%">
      {errors.length > 0 && (
        <Alert color="red" role="alert" p="sm">
          <Stack gap={4}>
            {errors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {visible.map((slot) => {
        const required = isSlotRequired(slot, formData);
        const document = slotDocuments[slot.name];
        const slotErrors = context.errorsFor(slot.name);
        return (
          <UploadSlotCard
            key={slot.name}
            slot={slot}
            document={document}
            required={required}
            errors={slotErrors}
            invalid={(errors.length > 0 && required && !document) || slotErrors.length > 0}
            disabled={disabled}
            onDocument={(next) => update(slot, next)}
          />
        );
      })}
    </Stack>
  );
}
