/**
 * The `loan-calculator` field (spec 001 §4 "Loan interest", §5, §9) inside a real rjsf form: maximum =
 * 90% of the interest / holders, holders at least 1, `massima` sets the amount, `parziale` is capped.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { rimbInteressi } from '../../config/forms/rimb-interessi';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { inputLabelled, renderWidgetForm, type } from './widgets-harness';
import { euro } from '../../src/shared/money';

const schema = {
  type: 'object',
  properties: {
    importo_interessi: { type: 'string', title: 'Quota interessi della rata (€)', maxLength: 10 },
    intestatari: {
      title: 'Numero di intestatari del mutuo',
      type: 'integer',
      minimum: 1,
      maximum: 10,
      default: 1,
    },
    importo_max_rimb: { type: 'string', title: 'Importo massimo rimborsabile (€)' },
    quant_rimb: {
      title: 'Importo da rimborsare',
      type: 'string',
      enum: ['massima', 'parziale'],
      default: 'massima',
    },
    importo: { type: 'string', title: 'Importo richiesto (€)' },
  },
} satisfies RJSFSchema;

const uiSchema = {
  importo_interessi: { 'ui:field': 'loan-calculator' },
  intestatari: { 'ui:field': 'consumed' },
  importo_max_rimb: { 'ui:field': 'consumed' },
  quant_rimb: { 'ui:field': 'consumed' },
  importo: { 'ui:field': 'consumed' },
};

function renderLoan(creditCents = 150_000, formData: Record<string, unknown> = {}) {
  const view = renderWidgetForm({ schema, uiSchema, declaration: rimbInteressi, creditCents, formData });
  return {
    ...view,
    interest: () => inputLabelled(/^Quota interessi della rata/),
    holders: () => inputLabelled(/^Numero di intestatari del mutuo/),
    maximum: () => screen.getByTestId('loan-maximum').textContent,
    partial: () => screen.queryAllByLabelText(/^Importo richiesto/)[0] as HTMLInputElement | undefined,
  };
}

describe('loan calculator', () => {
  it('computes the maximum as 90% of the interest divided by the holders: 1000.00 and 2 holders give 450.00', async () => {
    const { interest, holders, maximum, handle } = renderLoan();
    type(interest(), '1000,00');
    await waitFor(() => expect(maximum()).toBe(formatFormMessage('formLoanMaximum', { n: euro(90_000) })));
    expect(maximum()).toBe('Importo massimo rimborsabile: 900,00\u00a0€');
    type(holders(), '2');
    await waitFor(() => expect(maximum()).toBe('Importo massimo rimborsabile: 450,00\u00a0€'));
    expect(handle.data()).toMatchObject({
      importo_interessi: '1000.00',
      intestatari: 2,
      importo_max_rimb: '450.00',
      quant_rimb: 'massima',
      importo: '450.00',
    });
  });

  it('rounds the maximum to cents', async () => {
    const { interest, holders, handle } = renderLoan();
    type(interest(), '100');
    type(holders(), '3');
    // 90.00 / 3 = 30.00; 100.01 * 0.9 / 3 = 30.003 -> 30.00
    await waitFor(() => expect(handle.data().importo_max_rimb).toBe('30.00'));
    type(interest(), '100,05');
    await waitFor(() => expect(handle.data().importo_max_rimb).toBe('30.02'));
  });

  it('resets holders to 1 (at once for lower values, on leaving for a blank) and caps them at the schema maximum', async () => {
    const { interest, holders, handle } = renderLoan();
    type(interest(), '1000');
    type(holders(), '3');
    await waitFor(() => expect(handle.data().intestatari).toBe(3));
    type(holders(), '0');
    await waitFor(() => expect(handle.data().intestatari).toBe(1));
    expect(holders().value).toBe('1');
    type(holders(), '11');
    await waitFor(() => expect(handle.data().intestatari).toBe(10));
    type(holders(), '4');
    await waitFor(() => expect(handle.data().intestatari).toBe(4));
    type(holders(), '');
    await waitFor(() => expect(handle.data().intestatari).toBe(1));
    expect(handle.data().importo_max_rimb).toBe('900.00');
    expect(holders().value).toBe('');
    fireEvent.blur(holders());
    await waitFor(() => expect(holders().value).toBe('1'));
  });

  it('massima sets the amount to the maximum and warns when the maximum exceeds the credit', async () => {
    const { interest, handle } = renderLoan(30_000);
    type(interest(), '300');
    await waitFor(() => expect(handle.data().importo).toBe('270.00'));
    expect(screen.queryByText(/il massimo rimborsabile supera/)).toBeNull();
    type(interest(), '400');
    await waitFor(() => expect(handle.data().importo).toBe('360.00'));
    expect(screen.getByRole('alert').textContent).toBe(
      formatFormMessage('formLoanFullOverCredit', { n: euro(30_000) }),
    );
  });

  it('parziale shows an amount input capped at the maximum, with the credit warning', async () => {
    const { interest, holders, partial, handle } = renderLoan(10_000);
    type(interest(), '1000,00');
    type(holders(), '2');
    await waitFor(() => expect(handle.data().importo).toBe('450.00'));
    expect(partial()).toBeUndefined();

    fireEvent.click(screen.getByRole('radio', { name: formMessages.formLoanPartial }));
    await waitFor(() => expect(handle.data().quant_rimb).toBe('parziale'));
    const amount = partial();
    if (!amount) throw new Error('Importo parziale non mostrato');
    type(amount, '50');
    await waitFor(() => expect(handle.data().importo).toBe('50.00'));
    expect(screen.queryByRole('alert')).toBeNull();
    type(amount, '500');
    expect(amount.value).toBe('450,00');
    await waitFor(() => expect(handle.data().importo).toBe('450.00'));
    // The credit is 100.00: the amount-vs-credit text of the declaration.
    expect(screen.getByRole('alert').textContent).toContain(
      "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 100,00\u00a0€.",
    );

    // A lower maximum caps the amount already typed.
    type(interest(), '200');
    await waitFor(() => expect(handle.data()).toMatchObject({ importo_max_rimb: '90.00', importo: '90.00' }));

    // Back to massima: the amount follows the maximum again.
    fireEvent.click(screen.getByRole('radio', { name: formMessages.formLoanFull }));
    await waitFor(() => expect(handle.data()).toMatchObject({ quant_rimb: 'massima', importo: '90.00' }));
    expect(partial()).toBeUndefined();
  });

  it('brings replayed data in line with the calculator', async () => {
    const { handle, maximum } = renderLoan(150_000, {
      importo_interessi: '200.00',
      intestatari: 2,
      quant_rimb: 'massima',
      importo: '1.00',
    });
    await waitFor(() => expect(handle.data()).toMatchObject({ importo_max_rimb: '90.00', importo: '90.00' }));
    expect(maximum()).toBe('Importo massimo rimborsabile: 90,00\u00a0€');
  });

  it('shows the errors the engine reports for its fields', () => {
    const { handle, interest } = renderLoan();
    handle.setErrors({
      importo_interessi: [formMessages.formAmountInvalid],
      importo_max_rimb: [formMessages.formLoanMaximumMismatch],
    });
    expect(interest().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(formMessages.formLoanMaximumMismatch)).toBeTruthy();
  });
});
