/**
 * The support form's widgets (spec 002 §5, §9; issue 15): `phone` says "Il numero di telefono non può
 * contenere lettere." as soon as a letter is typed (empty is neutral) and writes what is typed;
 * `support-category` offers the categories of config/support-categories.ts with `{product}` filled in
 * and writes the chosen category's id.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { supportForm } from '../../config/plain-forms/assistenza';
import { supportCategories, supportCategoryLabel } from '../../config/support-categories';
import { renderWidgetForm } from './widgets-harness';

const schema = {
  type: 'object',
  properties: {
    tel: { type: 'string', title: 'Telefono' },
    categoria: { type: 'string', title: 'Categoria' },
  },
} satisfies RJSFSchema;

function render() {
  return renderWidgetForm({
    schema,
    uiSchema: { tel: { 'ui:widget': 'phone' }, categoria: { 'ui:widget': 'support-category' } },
    declaration: supportForm,
  });
}

describe('support form widgets', () => {
  it('phone: live feedback on letters only, nothing while empty or with digits', async () => {
    const { handle } = render();
    const phone = screen.getByRole('textbox', { name: 'Telefono' });
    expect(screen.queryByText(formMessages.formPhoneLetters)).toBeNull();
    fireEvent.change(phone, { target: { value: '333a' } });
    await screen.findByText(formMessages.formPhoneLetters);
    fireEvent.change(phone, { target: { value: '+39 333 1234567' } });
    await waitFor(() => expect(screen.queryByText(formMessages.formPhoneLetters)).toBeNull());
    expect(handle.data().tel).toBe('+39 333 1234567');
    fireEvent.change(phone, { target: { value: '' } });
    await waitFor(() => expect(handle.data().tel).toBeUndefined());
    expect(screen.queryByText(formMessages.formPhoneLetters)).toBeNull();
  });

  it('support-category: every configured category with the product name; the id is written', async () => {
    const { handle } = render();
    fireEvent.click(screen.getByRole('combobox', { name: 'Categoria' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      supportCategories.map((category) => supportCategoryLabel(category)),
    );
    expect(options.map((option) => option.textContent)).toContain('Buoni Eurete 10');
    fireEvent.click(screen.getByRole('option', { name: 'Altre informazioni' }));
    await waitFor(() => expect(handle.data().categoria).toBe('altre-informazioni'));
  });
});
