import { describe, expect, it } from 'vitest';
import { findForm, forms } from '../../config/forms';
import type { FormDeclaration, UploadSlot } from '../../config/forms/types';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import {
  earliestInstallmentDate,
  evaluateCondition,
  hasErrors,
  isSlotRequired,
  isSlotVisible,
  loanMaximumAmount,
  loanMaximumCents,
  payloadToReplay,
  replayToFormData,
  romeToday,
  runFormRules,
  toPayload,
  type RuleContext,
  type RuleDocument,
} from '../../src/shared/forms';
import { euro } from '../../src/shared/money';

function form(route: string): FormDeclaration {
  const found = findForm(route);
  if (!found) throw new Error(`missing form ${route}`);
  return found;
}
function slot(route: string, name: string): UploadSlot {
  const found = form(route).slots.find((entry) => entry.name === name);
  if (!found) throw new Error(`missing slot ${name}`);
  return found;
}
const msg = formatFormMessage;
const TODAY = '2025-03-10';
const VALID_CF = 'RSSMRA80A01H501U';
const VALID_IBAN = 'IT60X0542811101000000123456';

/** Context whose documents are the given kinds, ids 1..n, and data.docs naming them all. */
function withDocs(kinds: RuleDocument['file_kind'][], extra: Partial<RuleContext> = {}) {
  const documents = kinds.map((file_kind, index) => ({ doc_id: index + 1, file_kind }));
  return { docs: documents.map((d) => d.doc_id), context: { today: TODAY, documents, ...extra } };
}

describe('conditions', () => {
  it('evaluates equals, in and atMost on top-level and dotted fields', () => {
    expect(evaluateCondition({ field: 'me_stesso', equals: false }, { me_stesso: false })).toBe(true);
    expect(evaluateCondition({ field: 'me_stesso', equals: false }, { me_stesso: true })).toBe(false);
    expect(evaluateCondition({ field: 'me_stesso', equals: false }, {})).toBe(false);
    expect(evaluateCondition({ field: 'x', equals: null }, {})).toBe(true);
    expect(evaluateCondition({ field: 'fornitore.p_iva', equals: '1' }, { fornitore: { p_iva: '1' } })).toBe(
      true,
    );
    expect(evaluateCondition({ field: 'fornitore.p_iva', equals: '1' }, { fornitore: null })).toBe(false);
    expect(evaluateCondition({ field: 'id_categ', in: [66, 67, 68] }, { id_categ: 67 })).toBe(true);
    expect(evaluateCondition({ field: 'id_categ', in: [66, 67, 68] }, { id_categ: 69 })).toBe(false);
    expect(evaluateCondition({ field: 'id_categ', in: [66, 67, 68] }, {})).toBe(false);
    expect(evaluateCondition({ field: 'id_categ', atMost: 68 }, { id_categ: 68 })).toBe(true);
    expect(evaluateCondition({ field: 'id_categ', atMost: 68 }, { id_categ: 69 })).toBe(false);
    expect(evaluateCondition({ field: 'id_categ', atMost: 68 }, { id_categ: '5' })).toBe(false);
    expect(evaluateCondition({ field: 'id_categ', atMost: 68 }, {})).toBe(false);
  });

  it('shows and requires the family document only for a family beneficiary', () => {
    const family = slot('rimb-spese', 'doc_fam');
    expect(isSlotVisible(family, { me_stesso: true })).toBe(false);
    expect(isSlotRequired(family, { me_stesso: true })).toBe(false);
    expect(isSlotVisible(family, { me_stesso: false })).toBe(true);
    expect(isSlotRequired(family, { me_stesso: false })).toBe(true);
    expect(isSlotRequired(slot('rimb-spese', 'doc_extra'), {})).toBe(false);
    expect(isSlotRequired(slot('rimb-spese', 'doc_pagam'), {})).toBe(true);
  });

  it('amortization plan: shown up to category 68, required for 66-68, hidden slots never required', () => {
    const plan = slot('rimb-aff-mutui', 'doc_loan');
    expect([60, 66, 68, 69].map((id) => isSlotVisible(plan, { id_categ: id }))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([60, 66, 68, 69].map((id) => isSlotRequired(plan, { id_categ: id }))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const hiddenButRequired: UploadSlot = { ...plan, required: true };
    expect(isSlotRequired(hiddenButRequired, { id_categ: 90 })).toBe(false);
  });
});

describe('loan arithmetic', () => {
  it('maximum = 90% of the interest / holders, rounded to cents', () => {
    expect(loanMaximumCents(100000, 2)).toBe(45000);
    expect(loanMaximumAmount('1000.00', 2)).toBe('450.00');
    expect(loanMaximumCents(100000, 1)).toBe(90000);
    expect(loanMaximumCents(333, 2)).toBe(150); // 149.85
    expect(loanMaximumCents(5, 1)).toBe(5); // 4.5 rounds up
    expect(loanMaximumCents(100001, 3)).toBe(30000); // 30000.03
    expect(loanMaximumCents(100000, 0)).toBe(90000); // holders below 1 count as 1
    expect(loanMaximumAmount('abc', 1)).toBeNull();
  });

  it('first installment one month after today', () => {
    expect(earliestInstallmentDate('2025-03-10')).toBe('2025-04-10');
    expect(earliestInstallmentDate('2024-01-31')).toBe('2024-02-29');
    expect(earliestInstallmentDate('2025-12-15')).toBe('2026-01-15');
  });

  it("today is Rome's date", () => {
    expect(romeToday(new Date('2025-03-10T23:30:00Z'))).toBe('2025-03-11');
    expect(romeToday(new Date('2025-07-01T21:59:00Z'))).toBe('2025-07-01');
  });
});

describe('rule: amount (every form)', () => {
  const bills = form('rimb-bollette');
  const { docs, context } = withDocs(['doc_acq', 'doc_extr_p', 'doc_pagam']);
  const base = { id_categ: 5, importo: '120.50', docs };

  it('passes a complete amount within the credit', () => {
    expect(runFormRules(bills, base, context)).toEqual({});
    expect(runFormRules(bills, base, { ...context, creditCents: 12050 })).toEqual({});
  });
  it('rejects incomplete, malformed, missing and zero amounts', () => {
    for (const importo of ['12.', '', 'abc', '12,50', '1.234', undefined, 12])
      expect(runFormRules(bills, { ...base, importo }, context), String(importo)).toEqual({
        importo: [msg('formAmountInvalid')],
      });
    expect(runFormRules(bills, { ...base, importo: '0.00' }, context)).toEqual({
      importo: [msg('formAmountZero')],
    });
  });
  it('uses the form warning variant above the credit', () => {
    expect(runFormRules(bills, base, { ...context, creditCents: 12049 })).toEqual({
      importo: [msg('formAmountOverCreditArt51c3', { n: euro(12049) })],
    });
    const spese = form('rimb-spese');
    const expenses = withDocs(['doc_pagam', 'doc_acq'], { creditCents: 100 });
    expect(
      runFormRules(
        spese,
        { id_categ: 1, importo: '1.01', me_stesso: true, docs: expenses.docs },
        expenses.context,
      ),
    ).toEqual({ importo: [msg('formAmountOverCredit', { n: euro(100) })] });
  });
});

describe('rule: beneficiary and documents (rimb-spese)', () => {
  const spese = form('rimb-spese');
  const mine = withDocs(['doc_pagam', 'doc_acq']);
  const family = withDocs(['doc_pagam', 'doc_acq', 'doc_fam']);
  const myself = { id_categ: 1, importo: '50', me_stesso: true, docs: mine.docs };
  const relative = {
    id_categ: 1,
    importo: '50',
    me_stesso: false,
    cod_fisc_ben: VALID_CF,
    nome_ben: 'Mario Rossi',
    id_relazione_ben: 3,
    docs: family.docs,
  };

  it('passes for the user and for a complete family member', () => {
    expect(runFormRules(spese, myself, mine.context)).toEqual({});
    expect(runFormRules(spese, relative, family.context)).toEqual({});
  });

  it('a category that forces the user refuses a family member', () => {
    const categories = [{ id: 1, nome: 'Asili', me_stesso: true }];
    expect(runFormRules(spese, myself, { ...mine.context, categories })).toEqual({});
    expect(runFormRules(spese, relative, { ...family.context, categories })).toEqual({
      me_stesso: [msg('formBeneficiaryForcedMyself')],
    });
  });

  it('reports a wrong tax code, a relation outside 2,3,4,8 and missing pieces', () => {
    expect(runFormRules(spese, { ...relative, cod_fisc_ben: 'RSSMRA80A01H501X' }, family.context)).toEqual({
      cod_fisc_ben: [msg('formTaxCodeInvalid')],
    });
    expect(
      runFormRules(spese, { ...relative, cod_fisc_ben: VALID_CF.toLowerCase() }, family.context),
    ).toEqual({
      cod_fisc_ben: [msg('formTaxCodeInvalid')],
    });
    expect(runFormRules(spese, { ...relative, id_relazione_ben: 5 }, family.context)).toEqual({
      id_relazione_ben: [msg('formBeneficiaryRelationNotAllowed')],
    });
    for (const missing of [{ nome_ben: '  ' }, { cod_fisc_ben: null }, { id_relazione_ben: null }])
      expect(runFormRules(spese, { ...relative, ...missing }, family.context).me_stesso).toEqual([
        msg('formBeneficiaryIncomplete'),
      ]);
    expect(runFormRules(spese, { ...myself, me_stesso: undefined }, mine.context).me_stesso).toEqual([
      msg('formBeneficiaryIncomplete'),
    ]);
  });

  it('requires the family document and the required slots, with the slot label', () => {
    expect(runFormRules(spese, { ...relative, docs: mine.docs }, mine.context)).toEqual({
      docs: [msg('formBeneficiaryDocumentRequired')],
    });
    const onlyPayment = withDocs(['doc_pagam']);
    expect(runFormRules(spese, { ...myself, docs: onlyPayment.docs }, onlyPayment.context)).toEqual({
      docs: [msg('formDocumentRequired', { slot: 'Documento di acquisto' })],
    });
    const none = withDocs([]);
    expect(runFormRules(spese, { ...myself, docs: [] }, none.context).docs).toEqual([
      msg('formDocumentRequired', { slot: 'Documento di pagamento' }),
      msg('formDocumentRequired', { slot: 'Documento di acquisto' }),
    ]);
  });

  it('two documents of one kind do not fill two kinds; unknown ids are invalid', () => {
    const twoPayments = withDocs(['doc_pagam', 'doc_pagam']);
    expect(runFormRules(spese, { ...myself, docs: twoPayments.docs }, twoPayments.context).docs).toEqual([
      msg('formDocumentRequired', { slot: 'Documento di acquisto' }),
    ]);
    expect(runFormRules(spese, { ...myself, docs: [...mine.docs, 99] }, mine.context)).toEqual({
      docs: [msg('formInvalidValue')],
    });
    // A document in the context but not named by docs does not count.
    expect(runFormRules(spese, { ...myself, docs: [1] }, mine.context).docs).toEqual([
      msg('formDocumentRequired', { slot: 'Documento di acquisto' }),
    ]);
  });
});

describe('rule: supplier (conv-ondemand)', () => {
  const ondemand = form('conv-ondemand');
  const { docs, context } = withDocs(['doc_preven']);
  const supplier = {
    p_iva: '00743110157',
    ragione_sociale: 'ACME Srl',
    indirizzo: 'Via Roma 1',
    citta: 'Milano',
  };
  const base = {
    id_categ: 2,
    importo: '300.00',
    data_scadenza: '2025-04-01',
    me_stesso: true,
    docs,
    fornitore: supplier,
  };

  it('passes a complete supplier with or without a valid IBAN', () => {
    expect(runFormRules(ondemand, base, context)).toEqual({});
    expect(
      runFormRules(ondemand, { ...base, fornitore: { ...supplier, iban: VALID_IBAN } }, context),
    ).toEqual({});
    expect(runFormRules(ondemand, { ...base, fornitore: { ...supplier, iban: null } }, context)).toEqual({});
    expect(runFormRules(ondemand, { ...base, fornitore: { ...supplier, iban: '' } }, context)).toEqual({});
  });
  it('reports the VAT number, incomplete data and a bad IBAN', () => {
    expect(
      runFormRules(ondemand, { ...base, fornitore: { ...supplier, p_iva: '00743110158' } }, context),
    ).toEqual({
      'fornitore.p_iva': [msg('formVatInvalid')],
    });
    expect(runFormRules(ondemand, { ...base, fornitore: { ...supplier, citta: ' ' } }, context)).toEqual({
      fornitore: [msg('formSupplierIncomplete')],
    });
    expect(runFormRules(ondemand, { ...base, fornitore: undefined }, context)).toEqual({
      fornitore: [msg('formSupplierIncomplete')],
    });
    expect(
      runFormRules(
        ondemand,
        { ...base, fornitore: { ...supplier, iban: 'IT60X0542811101000000123457' } },
        context,
      ),
    ).toEqual({ 'fornitore.iban': [msg('formIbanInvalid')] });
  });
  it('requires the quote with its own message', () => {
    expect(runFormRules(ondemand, { ...base, docs: [] }, { today: TODAY, documents: [] })).toEqual({
      docs: [msg('formQuoteRequired')],
    });
  });
});

describe('rules: months and amortization (rimb-aff-mutui)', () => {
  const rent = form('rimb-aff-mutui');
  const basic = withDocs(['doc_acq', 'doc_extr_p', 'doc_pagam']);
  const withPlan = withDocs(['doc_acq', 'doc_extr_p', 'doc_pagam', 'doc_loan']);
  const base = { id_categ: 60, importo: '700.00', mesi_sel: ['gennaio', 'febbraio'], docs: basic.docs };

  it('passes rent without a plan and mortgage with one', () => {
    expect(runFormRules(rent, base, basic.context)).toEqual({});
    expect(runFormRules(rent, { ...base, id_categ: 66, docs: withPlan.docs }, withPlan.context)).toEqual({});
  });
  it('requires at least one real month', () => {
    for (const mesi_sel of [[], undefined, ['gennaio', 'january'], 'gennaio'])
      expect(runFormRules(rent, { ...base, mesi_sel }, basic.context)).toEqual({
        mesi_sel: [msg('formMonthsRequired')],
      });
  });
  it('requires the plan for 66-68 and refuses it above 68', () => {
    expect(runFormRules(rent, { ...base, id_categ: 67 }, basic.context)).toEqual({
      docs: [msg('formAmortizationRequired')],
    });
    expect(runFormRules(rent, { ...base, id_categ: 69, docs: withPlan.docs }, withPlan.context)).toEqual({
      docs: [msg('formAmortizationNotAllowed')],
    });
    expect(runFormRules(rent, { ...base, id_categ: 69 }, basic.context)).toEqual({});
  });
});

describe('rules: loan and iban (rimb-interessi)', () => {
  const interest = form('rimb-interessi');
  const { docs, context } = withDocs(['doc_rata', 'doc_loan']);
  const base = {
    id_categ: 3,
    data_rata: '2025-04-10',
    importo_interessi: '1000.00',
    intestatari: 2,
    importo_max_rimb: '450.00',
    quant_rimb: 'massima',
    importo: '450.00',
    iban: VALID_IBAN,
    docs,
  };

  it('passes full and partial reimbursements', () => {
    expect(runFormRules(interest, base, context)).toEqual({});
    expect(runFormRules(interest, { ...base, quant_rimb: 'parziale', importo: '100.5' }, context)).toEqual(
      {},
    );
    expect(runFormRules(interest, { ...base, quant_rimb: 'parziale', importo: '450' }, context)).toEqual({});
  });
  it('checks holders, maximum, the chosen amount and the date', () => {
    expect(runFormRules(interest, { ...base, intestatari: 0 }, context)).toEqual({
      intestatari: [msg('formLoanHoldersMinimum')],
    });
    expect(runFormRules(interest, { ...base, intestatari: 1.5 }, context).intestatari).toEqual([
      msg('formLoanHoldersMinimum'),
    ]);
    expect(
      runFormRules(interest, { ...base, importo_max_rimb: '900.00', importo: '900.00' }, context),
    ).toEqual({
      importo_max_rimb: [msg('formLoanMaximumMismatch')],
      importo: [msg('formLoanMaximumMismatch')],
    });
    expect(runFormRules(interest, { ...base, importo: '449.99' }, context)).toEqual({
      importo: [msg('formLoanMaximumMismatch')],
    });
    expect(runFormRules(interest, { ...base, quant_rimb: 'parziale', importo: '450.01' }, context)).toEqual({
      importo: [msg('formLoanOverMaximum', { n: euro(45_000) })],
    });
    expect(runFormRules(interest, { ...base, quant_rimb: 'tutto' }, context)).toEqual({
      quant_rimb: [msg('formChooseOption')],
    });
    expect(runFormRules(interest, { ...base, data_rata: '2025-04-09' }, context)).toEqual({
      data_rata: [msg('formLoanDateTooEarly', { date: '10-03-2025' })],
    });
    expect(runFormRules(interest, { ...base, data_rata: '2025-02-30' }, context)).toEqual({
      data_rata: [msg('formInvalidDate')],
    });
    expect(runFormRules(interest, { ...base, importo_interessi: '1000,00' }, context)).toEqual({
      importo_interessi: [msg('formAmountInvalid')],
    });
  });
  it('requires a normalized valid IBAN', () => {
    for (const iban of [
      'IT60X0542811101000000123457',
      'it60x0542811101000000123456',
      'IT60 X054 2811 1010 0000 0123 456',
      '',
    ])
      expect(runFormRules(interest, { ...base, iban }, context), iban).toEqual({
        iban: [msg('formIbanInvalid')],
      });
  });
  it('requires the last installment and the amortization plan', () => {
    const onlyRata = withDocs(['doc_rata']);
    expect(runFormRules(interest, { ...base, docs: onlyRata.docs }, onlyRata.context)).toEqual({
      docs: [msg('formDocumentRequired', { slot: 'Piano di ammortamento' })],
    });
  });
});

describe('rule: pension', () => {
  const pension = form('conv-previdenza-integrativa');
  const base = { prev_ok: true, covip: '1234', importo: '500.00', note: '' };
  const context = { today: TODAY, documents: [] };
  it('passes with consent and a fund', () => {
    expect(runFormRules(pension, base, context)).toEqual({});
  });
  it('requires consent and a fund', () => {
    expect(runFormRules(pension, { ...base, prev_ok: false, covip: ' ' }, context)).toEqual({
      prev_ok: [msg('formPensionConsentRequired')],
      covip: [msg('formFundNotSelected')],
    });
    expect(runFormRules(pension, { ...base, prev_ok: 'true' }, context)).toEqual({
      prev_ok: [msg('formPensionConsentRequired')],
    });
    expect(
      runFormRules(pension, { ...base, importo: '6000.00' }, { ...context, creditCents: 500000 }),
    ).toEqual({
      importo: [msg('formAmountOverCreditPension', { n: euro(500_000) })],
    });
  });
});

describe('hasErrors', () => {
  it('is true only when some field has a message', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ docs: [] })).toBe(false);
    expect(hasErrors({ docs: ['x'] })).toBe(true);
  });
});

describe('payload', () => {
  it('drops omitted fields, trims strings, sends blank notes as null and drops undefined', () => {
    const pension = form('conv-previdenza-integrativa');
    expect(
      toPayload(pension, {
        prev_ok: true,
        covip: ' 1234 ',
        istituto: 'Ist',
        nome: 'Fondo',
        importo: '10',
        note: '  ',
      }),
    ).toEqual({ prev_ok: true, covip: '1234', importo: '10', note: null });
    expect(toPayload(pension, { prev_ok: true, covip: '1', importo: '10', extra: undefined })).toEqual({
      prev_ok: true,
      covip: '1',
      importo: '10',
      note: null,
    });
    expect(toPayload(pension, { prev_ok: true, covip: '1', importo: '10', note: ' ciao ' }).note).toBe(
      'ciao',
    );
  });
  it('trims nested supplier fields and replaces docs when the visible ids are given', () => {
    const ondemand = form('conv-ondemand');
    const payload = toPayload(
      ondemand,
      { importo: '5', note: '', fornitore: { p_iva: ' 00743110157 ', iban: undefined }, docs: [1, 2, 3] },
      [1, 3],
    );
    expect(payload).toEqual({ importo: '5', note: null, fornitore: { p_iva: '00743110157' }, docs: [1, 3] });
    expect(toPayload(ondemand, { docs: [1, 2], note: 'x' }).docs).toEqual([1, 2]);
  });
});

describe('replay', () => {
  const answer = {
    kind: 1,
    id_categ_id: 12,
    acquisto_row: { importo_totale: '120.50' },
    note: {
      note: 'Nota',
      quota_interessi: '1000.00',
      intest_mutuo: 2,
      iban: VALID_IBAN,
      tot_loan: 'part',
      mesi: ['gennaio', 'marzo'],
    },
    fornitore: { p_iva: '00743110157', ragione_sociale: 'ACME' },
    beneficiario: { nome: 'Anna', cognome: 'Bianchi', cod_fisc: VALID_CF },
    relazione_parentale: { id: 3 },
  };
  const mine = { ...answer, beneficiario: null, relazione_parentale: null, fornitore: null };

  it('every form has a replay that reads this answer', () => {
    for (const declaration of forms) {
      const data = replayToFormData(declaration, answer);
      expect(data[declaration.amountField], declaration.route_name).toBe('120.50');
    }
  });
  it('rimb-spese: family beneficiary and the user', () => {
    const spese = form('rimb-spese');
    expect(replayToFormData(spese, answer)).toEqual({
      id_categ: 12,
      importo: '120.50',
      me_stesso: false,
      cod_fisc_ben: VALID_CF,
      nome_ben: 'Anna Bianchi',
      id_relazione_ben: 3,
    });
    expect(replayToFormData(spese, mine)).toEqual({ id_categ: 12, importo: '120.50', me_stesso: true });
  });
  it('conv-ondemand: nested supplier and notes', () => {
    expect(replayToFormData(form('conv-ondemand'), answer)).toEqual({
      id_categ: 12,
      importo: '120.50',
      note: 'Nota',
      fornitore: { p_iva: '00743110157' },
      me_stesso: false,
      cod_fisc_ben: VALID_CF,
      nome_ben: 'Anna Bianchi',
      id_relazione_ben: 3,
    });
    expect(replayToFormData(form('conv-ondemand'), mine)).toEqual({
      id_categ: 12,
      importo: '120.50',
      note: 'Nota',
      me_stesso: true,
    });
  });
  it('rimb-interessi: part -> parziale, anything else -> massima', () => {
    expect(replayToFormData(form('rimb-interessi'), answer)).toEqual({
      id_categ: 12,
      importo: '120.50',
      importo_interessi: '1000.00',
      intestatari: 2,
      iban: VALID_IBAN,
      quant_rimb: 'parziale',
    });
    const full = { ...answer, note: { ...answer.note, tot_loan: 'full' } };
    expect(replayToFormData(form('rimb-interessi'), full).quant_rimb).toBe('massima');
    const none = { ...answer, note: null };
    // No '' entry in the map: a missing tot_loan leaves the choice to the form's default.
    expect(replayToFormData(form('rimb-interessi'), none)).toEqual({ id_categ: 12, importo: '120.50' });
  });
  it('rimb-bollette, rimb-aff-mutui and pension', () => {
    expect(replayToFormData(form('rimb-bollette'), answer)).toEqual({ id_categ: 12, importo: '120.50' });
    expect(replayToFormData(form('rimb-aff-mutui'), answer)).toEqual({
      id_categ: 12,
      importo: '120.50',
      mesi_sel: ['gennaio', 'marzo'],
    });
    expect(replayToFormData(form('conv-previdenza-integrativa'), answer)).toEqual({
      importo: '120.50',
      note: 'Nota',
    });
    expect(replayToFormData(form('conv-previdenza-integrativa'), {})).toEqual({});
  });
});

describe('replay read the other way (the server builds get_acquisto_full from the payload)', () => {
  const family = {
    id_categ: 12,
    importo: '120.50',
    note: 'Nota',
    fornitore: {
      p_iva: '00743110157',
      ragione_sociale: 'ACME S.r.l.',
      indirizzo: 'Via Roma 1',
      citta: 'Roma',
    },
    me_stesso: false,
    cod_fisc_ben: VALID_CF,
    nome_ben: 'Anna Maria Bianchi',
    id_relazione_ben: 3,
  };

  it('copies plain paths, splits the joined name at its first space and keeps answer-only values', () => {
    expect(payloadToReplay(form('conv-ondemand').replay, family)).toEqual({
      id_categ_id: 12,
      acquisto_row: { importo_totale: '120.50' },
      note: { note: 'Nota' },
      fornitore: {
        p_iva: '00743110157',
        ragione_sociale: 'ACME S.r.l.',
        indirizzo: 'Via Roma 1',
        citta: 'Roma',
      },
      beneficiario: { nome: 'Anna', cognome: 'Maria Bianchi', cod_fisc: VALID_CF },
      relazione_parentale: { id: 3 },
    });
  });

  it('the user as beneficiary clears the beneficiary (map key ""), whatever stayed in its fields', () => {
    const answer = payloadToReplay(form('rimb-spese').replay, {
      ...family,
      me_stesso: true,
      cod_fisc_ben: VALID_CF,
    });
    expect((answer.beneficiario as Record<string, unknown> | undefined)?.cod_fisc).toBeUndefined();
  });

  it('a mapped value writes its key; a value mapped only by "*" writes nothing (the default stays)', () => {
    const interest = form('rimb-interessi').replay;
    expect(
      (payloadToReplay(interest, { quant_rimb: 'parziale' }).note as Record<string, unknown>).tot_loan,
    ).toBe('part');
    expect(payloadToReplay(interest, { quant_rimb: 'massima' }).note).toBeUndefined();
  });

  it('gives back every replayed field of every form through replayToFormData', () => {
    const payloads: Record<string, Record<string, unknown>> = {
      'conv-ondemand': { ...family, data_scadenza: '2026-05-01' },
      'rimb-spese': family,
      'rimb-interessi': {
        id_categ: 3,
        importo: '90.00',
        importo_interessi: '100.00',
        intestatari: 1,
        iban: VALID_IBAN,
        quant_rimb: 'parziale',
      },
      'rimb-bollette': { id_categ: 5, importo: '61.30' },
      'rimb-aff-mutui': { id_categ: 66, importo: '700.00', mesi_sel: ['gennaio', 'marzo'] },
      'conv-previdenza-integrativa': { importo: '500.00', note: 'Versamento' },
    };
    for (const declaration of forms) {
      const payload = payloads[declaration.route_name]!;
      const back = replayToFormData(declaration, payloadToReplay(declaration.replay, payload));
      for (const [field, source] of Object.entries(declaration.replay)) {
        if (typeof source !== 'string' && source.answerOnly) continue;
        const [head, tail] = field.split('.') as [string, string | undefined];
        const sent = tail ? (payload[head] as Record<string, unknown> | undefined)?.[tail] : payload[head];
        const got = tail ? (back[head] as Record<string, unknown> | undefined)?.[tail] : back[head];
        expect(got, `${declaration.route_name}.${field}`).toEqual(sent);
      }
    }
  });
});
