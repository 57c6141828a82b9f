/**
 * The `attachment` widget (plain forms sent as multipart, spec 002 §5, 000 §5): the chosen files go to
 * the engine, their names are the field's value; a selection with a file of another kind, too large
 * or too many files is cancelled as a whole with its Italian message.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { supportoProva } from '../fixtures/plain-forms/supporto-prova';
import { renderWidgetForm } from './widgets-harness';

const schema = {
  type: 'object',
  properties: { file_data: { type: 'array', title: 'Allegati', items: { type: 'string' } } },
} satisfies RJSFSchema;

const pdf = (name: string, size = 0) =>
  new File(['%PDF-1.4\n', 'x'.repeat(size)], name, { type: 'application/pdf' });

function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  fireEvent.change(input!, { target: { files } });
}

function render() {
  return renderWidgetForm({
    schema,
    uiSchema: { file_data: { 'ui:widget': 'attachment' } },
    declaration: supportoProva,
  });
}

describe('attachment widget', () => {
  it('hands the files to the engine and writes their names', async () => {
    const { handle } = render();
    choose([pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(handle.data().file_data).toEqual(['a.pdf', 'b.pdf']));
    expect(handle.files().file_data?.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('cancels a selection with a file that is not JPEG, PNG or PDF by its bytes', async () => {
    const { handle } = render();
    choose([pdf('a.pdf'), new File(['MZ not a pdf'], 'virus.pdf', { type: 'application/pdf' })]);
    expect(
      await screen.findByText(formatFormMessage('formUploadWrongType', { name: 'virus.pdf' })),
    ).toBeTruthy();
    expect(handle.data().file_data).toBeUndefined();
    expect(handle.files().file_data).toBeUndefined();
  });

  it('cancels a selection with too many files or a file over 3 MB', async () => {
    const { handle } = render();
    const many = Array.from({ length: screenConstants.maxFilesPerSlot + 1 }, (_, index) =>
      pdf(`${index}.pdf`),
    );
    choose(many);
    expect(
      await screen.findByText(
        formatFormMessage('formUploadTooMany', { max: screenConstants.maxFilesPerSlot }),
      ),
    ).toBeTruthy();
    choose([pdf('grande.pdf', screenConstants.maxFileBytes)]);
    expect(
      await screen.findByText(formatFormMessage('formUploadTooLarge', { name: 'grande.pdf' })),
    ).toBeTruthy();
    expect(handle.files().file_data).toBeUndefined();
  });
});
