/**
 * The `supplier` block (001 §3, §5; 000 §5) and the `iban` widget (001 §5, §9) inside a real rjsf form:
 * VAT number check, lookup from 2 digits, one or several matches, a new supplier typed in; IBAN
 * normalization, the user's IBANs from 2 characters, validity on blur.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { SUGGESTION_DEBOUNCE_MS } from '../../src/client/widgets/common/use-suggestions';
import { jsonResponse, stubApi, type RecordedCall } from './helpers';
import { inputLabelled, pause, renderWidgetForm, SLOW, type } from './widgets-harness';

const suppliers = [
  {
    id: 1,
    p_iva: '01234567897',
    ragione_sociale: 'Ottica Rossi S.r.l.',
    indirizzo: 'Via Roma 1',
    citta: 'Milano',
    iban: 'IT60 X054 2811 1010 0000 0123 456',
  },
  {
    id: 2,
    p_iva: '12345678903',
    ragione_sociale: 'Studio Verdi',
    indirizzo: 'Corso Italia 5',
    citta: 'Torino',
    iban: null,
  },
  {
    id: 3,
    p_iva: '12345678903',
    ragione_sociale: 'Studio Verdi Associati',
    indirizzo: 'Corso Italia 7',
    citta: 'Torino',
    iban: null,
  },
];

const userIbans = [{ iban: 'IT60X0542811101000000123456' }, { iban: 'IT40S0542811101000000123456' }];

function stubLookups(): RecordedCall[] {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname === '/api/fornitori') {
      const prefix = parsed.searchParams.get('p_iva') ?? '';
      return jsonResponse(
        200,
        suppliers.filter((supplier) => supplier.p_iva.startsWith(prefix)),
      );
    }
    const iban = /^\/api\/iban_utente\/(.+)$/.exec(parsed.pathname);
    if (iban) {
      const prefix = decodeURIComponent(iban[1] ?? '');
      return jsonResponse(
        200,
        userIbans.filter((entry) => entry.iban.startsWith(prefix)),
      );
    }
    return undefined;
  });
}

const supplierSchema = {
  type: 'object',
  properties: {
    fornitore: {
      title: 'Fornitore',
      type: 'object',
      required: ['p_iva', 'ragione_sociale', 'indirizzo', 'citta'],
      properties: {
        p_iva: { type: 'string', pattern: '^\\d{11}$' },
        ragione_sociale: { type: 'string', maxLength: 200 },
        indirizzo: { type: 'string', maxLength: 200 },
        citta: { type: 'string', maxLength: 100 },
        iban: { type: ['string', 'null'], maxLength: 34 },
      },
    },
  },
} satisfies RJSFSchema;

function renderSupplier(fornitore?: Record<string, unknown>) {
  const calls = stubLookups();
  const view = renderWidgetForm({
    schema: supplierSchema,
    uiSchema: { fornitore: { 'ui:field': 'supplier' } },
    formData: fornitore ? { fornitore } : {},
  });
  const supplier = () => (view.handle.data().fornitore ?? {}) as Record<string, unknown>;
  return { ...view, calls, supplier };
}

const vatInput = () => inputLabelled(/^Partita IVA del fornitore/);
const supplierCalls = (calls: RecordedCall[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/fornitori'));

describe('supplier block', () => {
  it('keeps digits only, at most 11, and says "Partita IVA non valida" for a wrong check digit', async () => {
    const { supplier } = renderSupplier();
    const input = vatInput();
    expect(input.getAttribute('maxlength')).toBe('11');
    type(input, '01a2 3');
    expect(input.value).toBe('0123');
    type(input, '01234567890');
    expect(screen.getByText(formMessages.formVatInvalid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(supplier().p_iva).toBe('01234567890'));
    type(input, '012345678971234');
    expect(input.value).toBe('01234567897');
    expect(screen.queryByText(formMessages.formVatInvalid)).toBeNull();
    expect(screen.getByRole('img', { name: formMessages.formVatValid })).toBeTruthy();
  });

  it('looks suppliers up from 2 digits and a chosen one fills the block', async () => {
    const { calls, supplier } = renderSupplier();
    const input = vatInput();
    type(input, '0');
    await pause(SUGGESTION_DEBOUNCE_MS + 150);
    expect(supplierCalls(calls)).toHaveLength(0);

    type(input, '01');
    const option = await screen.findByRole('option', { name: /01234567897/ }, SLOW);
    expect(supplierCalls(calls)).toEqual(['/api/fornitori?p_iva=01&limit=10']);
    expect(option.textContent).toContain('Ottica Rossi S.r.l.');
    fireEvent.click(option);
    await waitFor(() =>
      expect(supplier()).toEqual({
        p_iva: '01234567897',
        ragione_sociale: 'Ottica Rossi S.r.l.',
        indirizzo: 'Via Roma 1',
        citta: 'Milano',
        iban: 'IT60X0542811101000000123456',
      }),
    );
    expect(inputLabelled(/^Ragione sociale/).value).toBe('Ottica Rossi S.r.l.');
    expect(inputLabelled(/^Città/).value).toBe('Milano');
  });

  it('fills the block for a complete number matching one supplier', async () => {
    const { supplier } = renderSupplier();
    type(vatInput(), '01234567897');
    await waitFor(
      () => expect(supplier()).toMatchObject({ ragione_sociale: 'Ottica Rossi S.r.l.', citta: 'Milano' }),
      SLOW,
    );
  });

  it('says "Impossibile trovare il fornitore." for a complete number with several suppliers', async () => {
    const { supplier } = renderSupplier();
    type(vatInput(), '12345678903');
    await waitFor(() => expect(screen.getByText(formMessages.formSupplierNotFound)).toBeTruthy(), SLOW);
    expect(vatInput().getAttribute('aria-invalid')).toBe('true');
    expect(supplier().ragione_sociale).toBeUndefined();
  });

  it('lets a new supplier be typed in, every field editable, the IBAN normalized and checked on blur', async () => {
    const { supplier } = renderSupplier();
    type(vatInput(), '09876543217');
    type(inputLabelled(/^Ragione sociale/), 'Nuovo Fornitore');
    type(inputLabelled(/^Indirizzo/), 'Via Nuova 3');
    type(inputLabelled(/^Città/), 'Bari');
    const iban = inputLabelled(/^IBAN del fornitore/);
    type(iban, 'it60 x054-2811');
    expect(iban.value).toBe('IT60X0542811');
    expect(screen.queryByText(formMessages.formIbanInvalid)).toBeNull();
    fireEvent.blur(iban);
    expect(screen.getByText(formMessages.formIbanInvalid)).toBeTruthy();
    type(iban, 'IT60X0542811101000000123456');
    await waitFor(() =>
      expect(supplier()).toEqual({
        p_iva: '09876543217',
        ragione_sociale: 'Nuovo Fornitore',
        indirizzo: 'Via Nuova 3',
        citta: 'Bari',
        iban: 'IT60X0542811101000000123456',
      }),
    );
    // A matched supplier's data may be corrected too.
    type(inputLabelled(/^Città/), 'Bari (BA)');
    await waitFor(() => expect(supplier().citta).toBe('Bari (BA)'));
  });

  it('shows the rules errors for the block and for its fields', () => {
    const { handle } = renderSupplier({ p_iva: '01234567897' });
    handle.setErrors({
      fornitore: [formMessages.formSupplierIncomplete],
      'fornitore.citta': [formMessages.formRequiredField],
    });
    expect(screen.getByText(formMessages.formSupplierIncomplete)).toBeTruthy();
    expect(inputLabelled(/^Città/).getAttribute('aria-invalid')).toBe('true');
    expect(inputLabelled(/^Indirizzo/).getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('iban widget', () => {
  const ibanSchema = {
    type: 'object',
    properties: { iban: { type: 'string', title: "IBAN per l'accredito", maxLength: 34 } },
  } satisfies RJSFSchema;

  function renderIban() {
    const calls = stubLookups();
    const view = renderWidgetForm({ schema: ibanSchema, uiSchema: { iban: { 'ui:widget': 'iban' } } });
    return { ...view, calls, input: () => inputLabelled(/^IBAN per l'accredito/) };
  }

  const ibanCalls = (calls: RecordedCall[]) =>
    calls.map((call) => call.url).filter((url) => url.startsWith('/api/iban_utente/'));

  it('strips non-alphanumerics and upper-cases as it is typed', async () => {
    const { input, handle } = renderIban();
    type(input(), 'it60 x054-2811.1010');
    expect(input().value).toBe('IT60X05428111010');
    await waitFor(() => expect(handle.data().iban).toBe('IT60X05428111010'));
  });

  it("offers the user's IBANs from 2 characters", async () => {
    const { input, calls, handle } = renderIban();
    type(input(), 'I');
    await pause(SUGGESTION_DEBOUNCE_MS + 150);
    expect(ibanCalls(calls)).toHaveLength(0);
    type(input(), 'it');
    const option = await screen.findByRole('option', { name: 'IT40S0542811101000000123456' }, SLOW);
    expect(ibanCalls(calls)).toEqual(['/api/iban_utente/IT?limit=10']);
    fireEvent.click(option);
    await waitFor(() => expect(handle.data().iban).toBe('IT40S0542811101000000123456'));
  });

  it('shows "Codice IBAN non valido" when an invalid IBAN loses focus, and a mark for a valid one', () => {
    const { input } = renderIban();
    type(input(), 'IT60X0542811101000000123457');
    expect(screen.queryByText(formMessages.formIbanInvalid)).toBeNull();
    fireEvent.blur(input());
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formIbanInvalid);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    type(input(), 'IT60X0542811101000000123456');
    fireEvent.blur(input());
    expect(screen.queryByText(formMessages.formIbanInvalid)).toBeNull();
    expect(screen.getByRole('img', { name: formMessages.formIbanValid })).toBeTruthy();
  });
});
