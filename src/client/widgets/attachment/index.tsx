/**
 * `attachment` (ui:widget on a list of file names, for plain forms sent as multipart, e.g. the support
 * form's `file_data`, spec 002 §5, §7): chooses up to `screenConstants.maxFilesPerSlot` files of the kinds
 * the portal accepts (JPEG, PNG, PDF by their bytes, at most 3 MB each; a selection breaking a rule is
 * cancelled as a whole with its message, 000 §5). The field's value is the files' names (what the
 * schema validates); the files themselves go to the engine (`setFiles`), which sends them as parts
 * named after the field.
 */
import { FileInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type CSSProperties } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { engineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';
import { checkSelection } from '../documents/file-type';

const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export function AttachmentWidget(props: WidgetProps) {
  const { id, name, htmlName, label, schema, required, disabled, readonly } = props;
  const context = engineContext(props);
  const [refused, setRefused] = useState<string | null>(null);
  const chosen = context.files[name] ?? [];
  const errors = mergeErrors(
    refused ? [refused] : [],
    props.hideError ? [] : props.rawErrors,
    context.errorsFor(name),
  );

  const choose = async (files: File[]) => {
    const check = await checkSelection(files);
    if (!check.ok) {
      setRefused(check.message);
      return;
    }
    setRefused(null);
    context.setFiles(name, files);
    props.onChange(files.length > 0 ? files.map((file) => file.name) : undefined);
  };

  return (
    <FileInput
      id={id}
      name={htmlName ?? id}
      label={schema.title ?? label}
      description={schema.description}
      placeholder={formMessages.formUploadChooseFiles}
      // Mantine's placeholder grey is below AA on white (axe color-contrast, issue 28): a darker one.
      styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } as CSSProperties }}
      multiple
      clearable
      clearButtonProps={{ 'aria-label': formMessages.formUiRemove }}
      accept={ACCEPT}
      value={[...chosen]}
      onChange={(files) => void choose(files)}
      required={required}
      disabled={disabled || readonly || context.submitting}
      error={errorNode(errors)}
    />
  );
}
