/**
 * The forms' textarea (widgets/textarea, rjsf's `TextareaWidget` in the portal theme): the text is
 * painted at once and the form value follows in a transition; a value written from outside (a replay)
 * replaces the text, and emptying the field writes no value.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { TextareaWidget } from '../../src/client/widgets';
import { renderWidgetForm } from './widgets-harness';

const schema = {
  type: 'object',
  properties: { note: { type: 'string', title: 'Note' } },
} satisfies RJSFSchema;

const uiSchema = { note: { 'ui:widget': TextareaWidget, 'ui:options': { rows: 4 } } };

function notes(): HTMLTextAreaElement {
  return screen.getByLabelText('Note') as HTMLTextAreaElement;
}

describe('textarea widget', () => {
  it('shows the typed text and writes it to the form, with the declared rows', async () => {
    const { handle } = renderWidgetForm({ schema, uiSchema });
    expect(notes().tagName).toBe('TEXTAREA');
    expect(notes().rows).toBe(4);
    fireEvent.change(notes(), { target: { value: 'Consegna al mattino' } });
    expect(notes().value).toBe('Consegna al mattino');
    await waitFor(() => expect(handle.data().note).toBe('Consegna al mattino'));
    fireEvent.change(notes(), { target: { value: '' } });
    await waitFor(() => expect('note' in handle.data() && handle.data().note !== undefined).toBe(false));
    expect(notes().value).toBe('');
  });

  it('takes a value written from outside (a replay) over what was typed', async () => {
    const { handle } = renderWidgetForm({ schema, uiSchema, formData: { note: 'prima' } });
    expect(notes().value).toBe('prima');
    fireEvent.change(notes(), { target: { value: 'prima e poi' } });
    await waitFor(() => expect(handle.data().note).toBe('prima e poi'));
    handle.setFields({ note: 'ripresa dalla richiesta' });
    await waitFor(() => expect(notes().value).toBe('ripresa dalla richiesta'));
  });
});
