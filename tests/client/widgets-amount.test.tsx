/** The `amount` widget (spec 001 §5 "Euro amounts", "Amount above credit") inside a real rjsf form. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { convPrevidenzaIntegrativa } from '../../config/forms/conv-previdenza-integrativa';
import { rimbBollette } from '../../config/forms/rimb-bollette';
import { rimbSpese } from '../../config/forms/rimb-spese';
import type { FormDeclaration } from '../../config/forms/types';
import { formMessages } from '../../config/messages-forms.it';
import { renderWidgetForm } from './widgets-harness';

const schema = {
  type: 'object',
  properties: {
    importo: { type: 'string', title: 'Importo da rimborsare (€)', maxLength: 10 },
  },
} satisfies RJSFSchema;

function renderAmount(declaration: FormDeclaration = rimbSpese, creditCents = 123_450, importo?: string) {
  const view = renderWidgetForm({
    schema,
    uiSchema: { importo: { 'ui:widget': 'amount' } },
    declaration,
    creditCents,
    formData: importo === undefined ? {} : { importo },
  });
  const input = screen.getByLabelText(/^Importo da rimborsare/) as HTMLInputElement;
  return { ...view, input };
}

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('amount widget', () => {
  it('is a decimal text input labelled by the schema title', () => {
    const { input } = renderAmount();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('maxlength')).toBe('10');
  });

  it('undoes a keystroke that makes the amount invalid and keeps the valid ones', async () => {
    const { input, handle } = renderAmount();
    type(input, '1');
    type(input, '12');
    type(input, '12a');
    expect(input.value).toBe('12');
    type(input, '12.');
    type(input, '12.5');
    type(input, '12.55');
    type(input, '12.555');
    expect(input.value).toBe('12.55');
    type(input, '12.55.');
    expect(input.value).toBe('12.55');
    type(input, '-12.55');
    expect(input.value).toBe('12.55');
    await waitFor(() => expect(handle.data().importo).toBe('12.55'));
  });

  it('turns a typed comma into a dot', async () => {
    const { input, handle } = renderAmount();
    type(input, '7');
    type(input, '7,');
    expect(input.value).toBe('7.');
    type(input, '7.5');
    type(input, '7.5,');
    expect(input.value).toBe('7.5');
    await waitFor(() => expect(handle.data().importo).toBe('7.5'));
  });

  it('writes the amount with two decimals when it loses focus, and empties to no value', async () => {
    const { input, handle } = renderAmount();
    type(input, '12.');
    fireEvent.blur(input);
    expect(input.value).toBe('12.00');
    await waitFor(() => expect(handle.data().importo).toBe('12.00'));
    type(input, '');
    await waitFor(() => expect(handle.data()).not.toHaveProperty('importo'));
  });

  it('shows the default warning with the credit as 1.234,50 € once the amount exceeds it', () => {
    const { input } = renderAmount(rimbSpese, 123_450);
    type(input, '1234.5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    type(input, '1234.51');
    expect(screen.getByRole('alert').textContent).toContain(
      "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 1.234,50\u00a0€. Non sarai in grado di completare la richiesta.",
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('uses the ART 51 C.3 text for bills and the "procedura" text for pension', () => {
    const bills = renderAmount(rimbBollette, 80_000);
    type(bills.input, '800.01');
    expect(screen.getByRole('alert').textContent).toContain(
      "Attenzione, l'importo immesso supera il tuo attuale credito welfare ART 51 C.3 che è di 800,00\u00a0€. Non sarai in grado di completare la richiesta.",
    );
    bills.unmount();

    const pension = renderAmount(convPrevidenzaIntegrativa, 5_000);
    type(pension.input, '51');
    expect(screen.getByRole('alert').textContent).toContain(
      "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 50,00\u00a0€. Non sarai in grado di completare la procedura.",
    );
  });

  it('shows a preset amount above the credit as invalid at once, and the engine errors once', () => {
    const { input, handle } = renderAmount(rimbSpese, 1_000, '20.00');
    expect(input.value).toBe('20.00');
    expect(screen.getByRole('alert').textContent).toContain('10,00\u00a0€');
    // The rules report the same warning after a check: it is not repeated.
    handle.setErrors({
      importo: [
        "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 10,00\u00a0€. Non sarai in grado di completare la richiesta.",
      ],
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent?.match(/Attenzione/g)).toHaveLength(1);
  });

  it('adopts a value written from outside the input', () => {
    const { input, handle } = renderAmount();
    type(input, '5');
    handle.setFields({ importo: '99.90' });
    expect(input.value).toBe('99.90');
  });

  it('shows the errors the engine reports for the field', () => {
    const { input, handle } = renderAmount();
    handle.setErrors({ importo: [formMessages.formAmountZero] });
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formAmountZero);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
