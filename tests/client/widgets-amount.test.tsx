/**
 * The `amount` widget (spec 001 §5 "Euro amounts", "Amount above credit") inside a real rjsf form;
 * amounts typed and shown the Italian way (issue 28).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { convPrevidenzaIntegrativa } from '../../config/forms/conv-previdenza-integrativa';
import { rimbBollette } from '../../config/forms/rimb-bollette';
import { rimbSpese } from '../../config/forms/rimb-spese';
import type { FormDeclaration } from '../../config/forms/types';
import { formMessages } from '../../config/messages-forms.it';
import { incentiveTopUp } from '../../config/plain-forms';
import { incentiveFigures } from '../../src/shared/incentive';
import { formatEuro, parseCents } from '../../src/shared/money';
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
  it('is a decimal text input labelled by the schema title, long enough for the thousands dots', () => {
    const { input } = renderAmount();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    // maxLength 10 of the wire ("1234567.89") is "1.234.567,89" for people.
    expect(input.getAttribute('maxlength')).toBe('12');
  });

  it('reads amounts the Italian way and keeps the wire amount in the form', async () => {
    for (const [typed, wire] of [
      ['1.234,50', '1234.50'],
      ['1234,50', '1234.50'],
      ['45,5', '45.50'],
      ['1234', '1234.00'],
      ['1.234', '1234.00'],
      ['0,07', '0.07'],
    ] as const) {
      const { input, handle, unmount } = renderAmount(rimbSpese, 1_000_000);
      // Typed one key at a time, as people do: nothing is dropped on the way.
      for (let end = 1; end <= typed.length; end += 1) type(input, typed.slice(0, end));
      expect(input.value, typed).toBe(typed);
      await waitFor(() => expect(handle.data().importo, typed).toBe(wire));
      expect(screen.queryByRole('alert'), typed).toBeNull();
      unmount();
    }
  });

  it('refuses an ambiguous amount with a message under the field, keeping the text as typed', async () => {
    for (const typed of ['1,234.50', '1.23.4', '12,345,6', '12,345']) {
      const { input, handle, unmount } = renderAmount(rimbSpese, 1_000_000);
      type(input, typed);
      expect(input.value, typed).toBe(typed);
      expect(screen.getByRole('alert').textContent, typed).toContain(formMessages.formAmountItalian);
      expect(input.getAttribute('aria-invalid'), typed).toBe('true');
      // The form holds no amount: its checks refuse it rather than send another one.
      await waitFor(() => expect(handle.data().importo, typed).toBeDefined());
      expect(parseCents(String(handle.data().importo)), typed).toBeNull();
      unmount();
    }
  });

  it('says so when the field is left with an amount still incomplete, never taking 1.23 for 1,23', async () => {
    const { input, handle } = renderAmount();
    fireEvent.focus(input);
    type(input, '1.23');
    // While typing, "1.23" may become "1.234": no message yet.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(input.value).toBe('1.23');
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formAmountItalian);
    await waitFor(() => expect(handle.data().importo).toBeDefined());
    expect(parseCents(String(handle.data().importo))).toBeNull();
    fireEvent.focus(input);
    type(input, '1.234');
    fireEvent.blur(input);
    expect(input.value).toBe('1.234,00');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(handle.data().importo).toBe('1234.00'));
  });

  it('undoes a keystroke that no amount can hold', async () => {
    const { input, handle } = renderAmount();
    type(input, '12');
    type(input, '12a');
    expect(input.value).toBe('12');
    type(input, '-12');
    expect(input.value).toBe('12');
    // A pasted amount with its euro sign and spaces is read without them.
    type(input, '€ 1.234,50');
    expect(input.value).toBe('1.234,50');
    await waitFor(() => expect(handle.data().importo).toBe('1234.50'));
  });

  it('writes the amount in full when it loses focus, and empties to no value', async () => {
    const { input, handle } = renderAmount();
    type(input, '1234,5');
    fireEvent.blur(input);
    expect(input.value).toBe('1.234,50');
    await waitFor(() => expect(handle.data().importo).toBe('1234.50'));
    type(input, '12,');
    fireEvent.blur(input);
    expect(input.value).toBe('12,00');
    await waitFor(() => expect(handle.data().importo).toBe('12.00'));
    type(input, '');
    await waitFor(() => expect(handle.data()).not.toHaveProperty('importo'));
  });

  it('says the form\'s "invalid amount" the Italian way', () => {
    const { handle } = renderAmount();
    handle.setErrors({ importo: [formMessages.formAmountInvalid] });
    expect(screen.getByRole('alert').textContent).toBe(formMessages.formAmountItalian);
  });

  it('shows the default warning with the credit as 1.234,50 € once the amount exceeds it', () => {
    const { input } = renderAmount(rimbSpese, 123_450);
    type(input, '1.234,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    type(input, '1.234,51');
    expect(screen.getByRole('alert').textContent).toContain(
      "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 1.234,50\u00a0€. Non sarai in grado di completare la richiesta.",
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('uses the ART 51 C.3 text for bills and the "procedura" text for pension', () => {
    const bills = renderAmount(rimbBollette, 80_000);
    type(bills.input, '800,01');
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
    expect(input.value).toBe('20,00');
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
    handle.setFields({ importo: '1299.90' });
    expect(input.value).toBe('1.299,90');
  });

  it('shows the errors the engine reports for the field', () => {
    const { input, handle } = renderAmount();
    handle.setErrors({ importo: [formMessages.formAmountZero] });
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formAmountZero);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('incentive-amount widget', () => {
  it('reads "1.234,50" as 1.234,50 € and computes the figures on it', async () => {
    const view = renderWidgetForm({
      schema: {
        type: 'object',
        properties: {
          importo_ricarica: { type: 'string', title: 'Importo della ricarica (€)', maxLength: 10 },
        },
      },
      uiSchema: { importo_ricarica: { 'ui:widget': 'incentive-amount' } },
      declaration: incentiveTopUp,
    });
    const input = screen.getByLabelText(/^Importo della ricarica/) as HTMLInputElement;
    for (let end = 1; end <= '1.234,50'.length; end += 1) type(input, '1.234,50'.slice(0, end));
    expect(input.value).toBe('1.234,50');
    await waitFor(() => expect(view.handle.data().importo_ricarica).toBe('1234.50'));
    const figures = incentiveFigures(123_450);
    await waitFor(() =>
      expect(screen.getByTestId('topup-total').textContent).toBe(formatEuro(figures.totale)),
    );
    type(input, '1,234.50');
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formAmountItalian);
    // No amount: the figures say nothing is charged rather than a guessed one.
    await waitFor(() => expect(screen.getByTestId('topup-total').textContent).toBe(formatEuro(0)));
  });
});
