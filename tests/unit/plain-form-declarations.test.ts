/**
 * The plain forms of spec 002, written as declarations (tests/fixtures/plain-forms/spec-002.ts), build
 * the bodies their calls take with the shared payload builder: JSON, multipart text parts, no body.
 * Their names are checked by the compiler; the cases below show what a wrong name does to `tsc`.
 */
import { describe, expect, it } from 'vitest';
import { uiSchema, type FormRuleName, type PlainFormDeclaration } from '../../config/forms/types';
import { toMultipartFields, toPayload } from '../../src/shared/forms';
import {
  incentiveTopUp,
  internalMessage,
  piattapastoSettings,
  pinRequest,
  spec002PlainForms,
  supportForm,
} from '../fixtures/plain-forms/spec-002';

describe('the plain forms of spec 002 as declarations', () => {
  it('are five, each with its own name, a call under /api and a way on after success', () => {
    const forms: readonly PlainFormDeclaration[] = spec002PlainForms;
    expect(new Set(forms.map((form) => form.name)).size).toBe(5);
    for (const form of forms) {
      expect(form.submit.path, form.name).toMatch(/^\/[a-z_]+$/);
      expect(form.success.dialog ?? form.success.toast, form.name).toBeDefined();
    }
    // The back-office ones act for the company (Act-For), the employee's ones do not.
    expect(forms.filter((form) => form.submit.scope === 'company').map((form) => form.name)).toEqual([
      'piattapasto-impostazioni',
      'messaggio-interno',
      'ricarica-incentive',
    ]);
  });

  it('support: multipart text parts without the read-only user data, phone and message trimmed', () => {
    const payload = toPayload(supportForm, {
      cognome: 'Rossi',
      nome: 'Mario',
      azienda: 'Acme S.p.A.',
      email: 'mario.rossi@example.com',
      tel: ' 333 1234567 ',
      n_richiesta: 42,
      categoria: 'rimborsi-spese',
      messaggio: ' Aiuto ',
    });
    expect(toMultipartFields(payload)).toEqual([
      ['tel', '333 1234567'],
      ['n_richiesta', '42'],
      ['categoria', 'rimborsi-spese'],
      ['messaggio', 'Aiuto'],
    ]);
  });

  it('Piattapasto settings: the client code goes as null without a supplier (002 §7)', () => {
    expect(
      toPayload(piattapastoSettings, { valore_buono: '8.00', iva_buono: 4, codice_cliente: '  ' }),
    ).toEqual({
      valore_buono: '8.00',
      iva_buono: 4,
      codice_cliente: null,
    });
  });

  it('internal message: the recipients as a list of ids; multipart would send them as JSON', () => {
    const payload = toPayload(internalMessage, { destinatari: [3, 5], messaggio: '<p>Ciao</p>' });
    expect(payload).toEqual({ destinatari: [3, 5], messaggio: '<p>Ciao</p>' });
    expect(toMultipartFields({ ...payload, vuoto: null })).toEqual([
      ['destinatari', '[3,5]'],
      ['messaggio', '<p>Ciao</p>'],
    ]);
  });

  it('PIN: no body; top-up: the amount as typed, then the form starts again', () => {
    expect(pinRequest.submit.encoding).toBe('none');
    expect(pinRequest.success.then).toEqual({ route: 'gestione-pin' });
    expect(toPayload(incentiveTopUp, { importo_ricarica: '250.00' })).toEqual({ importo_ricarica: '250.00' });
    expect(incentiveTopUp.success.then).toBe('reset');
  });
});

describe('names the portal does not know fail the compiler', () => {
  // Each line below must be an error for `tsc` (npm run typecheck): if a name became acceptable, the
  // `@ts-expect-error` itself would fail the type check. The function is never called.
  function wrongNames() {
    return [
      // @ts-expect-error -- no such widget
      uiSchema({ importo: { 'ui:widget': 'slider' } }),
      // @ts-expect-error -- no such field (block)
      uiSchema({ covip: { 'ui:field': 'pension-funds' } }),
      // @ts-expect-error -- no such widget, in a nested object's field
      uiSchema({ fornitore: { 'ui:field': 'supplier', p_iva: { 'ui:widget': 'vat' } } }),
      // @ts-expect-error -- no such message key for an error text
      uiSchema({ tel: { 'ui:errors': { pattern: 'formPhoneWrong' } } }),
      // @ts-expect-error -- no such rule
      ['beneficiary', 'pensions'] satisfies readonly FormRuleName[],
    ];
  }

  it('while the names it knows compile', () => {
    const ui = uiSchema({ importo: { 'ui:widget': 'amount' }, covip: { 'ui:field': 'pension-fund' } });
    expect(ui.importo['ui:widget']).toBe('amount');
    expect(typeof wrongNames).toBe('function');
  });
});
