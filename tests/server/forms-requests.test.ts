/**
 * POST /api/crea_richiesta/{route_name} and GET /api/get_acquisto_full/{id} (spec 001 §2-9): each of the
 * six forms end to end (the right credit goes down by the amount, documents get attached, the
 * beneficiary, IBAN and fund are remembered, the purchase reads back into the same form data), the
 * refusals (nothing debited, nothing written), route gating, Idempotency-Key, and the seventh form that
 * exists only in tests (tests/fixtures/forms/rimb-prova, shared with the client tests), registered
 * through buildApp's `extraForms`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findForm } from '../../config/forms';
import type { FormDeclaration } from '../../config/forms/types';
import { formatMessage, messages } from '../../src/server/messages';
import { MARIO_BENEFICIARIES } from '../../src/server/db/seed-forms';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { documentsOfPurchase } from '../../src/server/services/documents';
import { balances } from '../../src/server/services/ledger';
import { replayToFormData } from '../../src/shared/forms/replay';
import { formatDate } from '../../src/shared/dates';
import { rimbProva, rimbProvaSchema } from '../fixtures/forms/rimb-prova';
import { buildFormsApp, ledgerCounts, upload, userIdOf, type FormsTestApp } from './forms-helpers';
import { backends, json } from './helpers';
import { euro } from '../../src/shared/money';

type Payload = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validFull = ajv.getSchema('acquisto-full')!;

const form = (route: string): FormDeclaration => {
  const declaration = findForm(route);
  if (!declaration) throw new Error(route);
  return declaration;
};

/** A family member not among mario's seeded beneficiaries (valid codice fiscale). */
const SOFIA = { cod_fisc: 'RSSSFO15H58F205W', nome: 'Sofia Rossi' };
const NEW_IBAN = 'IT73A0569601600000002468135';
const SUPPLIER = {
  p_iva: '07896541237',
  ragione_sociale: 'British School Milano S.r.l.',
  indirizzo: 'Corso Buenos Aires 40',
  citta: 'Milano',
  iban: null,
};

describe.each(backends)('request forms (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let marioId: number;
  let giulia: string;

  beforeAll(async () => {
    t = await buildFormsApp(backend);
    mario = await t.login('mario.rossi@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
  });
  afterAll(async () => t?.close());

  const submit = (route: string, payload: Payload, token = mario, key?: string) =>
    t.request({
      method: 'POST',
      url: `/api/crea_richiesta/${route}`,
      token,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });

  const doc = (kind: string, typeId: number, token = mario) => upload(t, token, { kind, typeId });

  /** Submits, expects 201, and checks the debit, the movement and the attached documents. */
  async function accepted(route: string, payload: Payload) {
    const declaration = form(route);
    const before = await balances(t.db, marioId);
    const response = await submit(route, payload);
    expect(response.statusCode, response.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(response);
    const after = await balances(t.db, marioId);
    const cents = Math.round(Number(payload.importo) * 100);
    expect(before.totale - after.totale).toBe(cents);
    // Bills and rent draw on art51c3; the others use the ordinary lines first (enough here).
    expect(before.art51c3 - after.art51c3).toBe(declaration.credit === 'art51c3' ? cents : 0);
    const purchase = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({
      user_id: marioId,
      kind: declaration.kind,
      importo: cents,
      credit_source: declaration.credit,
      status: 'inserito',
    });
    expect(purchase.payload).toEqual(payload);
    const movement = await t.db
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', id)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ verso: 'DARE', importo: cents, id_kind: declaration.kind });
    expect(await documentsOfPurchase(t.db, id)).toEqual(
      [...((payload.docs as number[] | undefined) ?? [])].sort((a, b) => a - b),
    );
    return { id, purchase, movement };
  }

  /** Submits, expects 400 with `field` reported, and checks that nothing was written. */
  async function refused(route: string, payload: Payload, field: string, message?: string) {
    const before = await ledgerCounts(t, marioId);
    const credit = await balances(t.db, marioId);
    const response = await submit(route, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = json<Record<string, string[]>>(response);
    expect(Object.keys(body), response.body).toContain(field);
    if (message) expect(body[field]).toContain(message);
    expect(await ledgerCounts(t, marioId)).toEqual(before);
    expect(await balances(t.db, marioId)).toEqual(credit);
    return body;
  }

  /** get_acquisto_full answers the payload's data in the form's replay shape. */
  async function readBack(id: number, route: string, payload: Payload) {
    const response = await t.request({ method: 'GET', url: `/api/get_acquisto_full/${id}`, token: mario });
    expect(response.statusCode, response.body).toBe(200);
    const full = json<Payload>(response);
    expect(validFull(full), JSON.stringify(validFull.errors)).toBe(true);
    const declaration = form(route);
    expect(full.kind).toBe(declaration.kind);
    // The replay of the answer gives back every replayed field as it was sent.
    const replayed = replayToFormData(declaration, full);
    // Every field the form reads back (an `answerOnly` entry is in the answer, not in the form).
    const replayedFields = Object.entries(declaration.replay).filter(
      ([, source]) => typeof source === 'string' || !source.answerOnly,
    );
    for (const [field] of replayedFields) {
      const [head, tail] = field.split('.') as [string, string | undefined];
      const sent = tail ? (payload[head] as Payload | undefined)?.[tail] : payload[head];
      const back = tail ? (replayed[head] as Payload | undefined)?.[tail] : replayed[head];
      if (sent === null || sent === undefined) expect(back, field).toBeUndefined();
      else expect(back, field).toEqual(sent);
    }
    return full;
  }

  const expensesPayload = async (extra: Payload = {}): Promise<Payload> => ({
    id_categ: 1,
    importo: '45.50',
    me_stesso: true,
    cod_fisc_ben: null,
    nome_ben: null,
    id_relazione_ben: null,
    docs: [await doc('doc_pagam', 2), await doc('doc_acq', 1)],
    ...extra,
  });

  const interestPayload = async (extra: Payload = {}): Promise<Payload> => ({
    id_categ: 20,
    data_rata: addDays(addMonths(romeDate(), 1), 3),
    importo_interessi: '300.00',
    intestatari: 2,
    importo_max_rimb: '135.00',
    quant_rimb: 'massima',
    importo: '135.00',
    iban: NEW_IBAN,
    docs: [await doc('doc_rata', 12), await doc('doc_loan', 17)],
    ...extra,
  });

  const rentPayload = async (extra: Payload = {}): Promise<Payload> => ({
    id_categ: 66,
    importo: '100.00',
    mesi_sel: ['gennaio', 'febbraio'],
    docs: [
      await doc('doc_acq', 28),
      await doc('doc_extr_p', 10),
      await doc('doc_pagam', 5),
      await doc('doc_loan', 17),
    ],
    ...extra,
  });

  describe('the six forms', () => {
    it('rimb-spese for the user: totale drops by the amount, soggetto is the user', async () => {
      const payload = await expensesPayload();
      const { id, movement } = await accepted('rimb-spese', payload);
      expect(movement).toMatchObject({ oggetto: 'Spese mediche e sanitarie', soggetto: 'Mario Rossi' });
      const full = await readBack(id, 'rimb-spese', payload);
      expect(full).toMatchObject({ id_categ_id: 1, beneficiario: null, relazione_parentale: null });
      expect(replayToFormData(form('rimb-spese'), full).me_stesso).toBe(true);
    });

    it('rimb-spese for a family member: remembered among the beneficiaries, read back split', async () => {
      const payload = await expensesPayload({
        id_categ: 2,
        importo: '20.00',
        me_stesso: false,
        cod_fisc_ben: SOFIA.cod_fisc,
        nome_ben: SOFIA.nome,
        id_relazione_ben: 3,
        docs: [await doc('doc_pagam', 3), await doc('doc_acq', 29), await doc('doc_fam', 14)],
      });
      const { id, movement } = await accepted('rimb-spese', payload);
      expect(movement.soggetto).toBe('Sofia Rossi');
      const suggestions = await t.request({ method: 'GET', url: '/api/beneficiari/RSSSFO', token: mario });
      expect(json(suggestions)).toEqual([{ cod_fisc: SOFIA.cod_fisc, nome: 'Sofia Rossi', id_relazione: 3 }]);
      const full = await readBack(id, 'rimb-spese', payload);
      expect(full.beneficiario).toEqual({ nome: 'Sofia', cognome: 'Rossi', cod_fisc: SOFIA.cod_fisc });
      expect(full.relazione_parentale).toEqual({ id: 3 });
    });

    it('rimb-interessi: the IBAN is remembered, tot_loan full, holders and interest read back', async () => {
      const payload = await interestPayload();
      const { id } = await accepted('rimb-interessi', payload);
      const ibans = await t.request({ method: 'GET', url: '/api/iban_utente/IT73', token: mario });
      expect(json(ibans)).toEqual([{ iban: NEW_IBAN }]);
      const full = await readBack(id, 'rimb-interessi', payload);
      expect(full.note).toMatchObject({
        quota_interessi: '300.00',
        intest_mutuo: 2,
        iban: NEW_IBAN,
        tot_loan: 'full',
      });

      const partial = await interestPayload({ quant_rimb: 'parziale', importo: '100.00', intestatari: 2 });
      const second = await accepted('rimb-interessi', partial);
      expect(((await readBack(second.id, 'rimb-interessi', partial)).note as Payload).tot_loan).toBe('part');
    });

    it('conv-ondemand: soggetto is the supplier, the supplier reads back', async () => {
      const payload: Payload = {
        id_categ: 30,
        importo: '80.00',
        data_scadenza: addDays(romeDate(), 20),
        note: 'Corso di inglese di 10 lezioni.',
        fornitore: SUPPLIER,
        me_stesso: true,
        cod_fisc_ben: null,
        nome_ben: null,
        id_relazione_ben: null,
        docs: [await doc('doc_preven', 19), await doc('doc_extra', 1)],
      };
      const { id, movement } = await accepted('conv-ondemand', payload);
      expect(movement).toMatchObject({
        oggetto: 'Corsi di lingua straniera',
        soggetto: SUPPLIER.ragione_sociale,
      });
      const full = await readBack(id, 'conv-ondemand', payload);
      expect(full.fornitore).toEqual(SUPPLIER);
      expect((full.note as Payload).note).toBe('Corso di inglese di 10 lezioni.');
    });

    it('rimb-bollette: art51c3 (and so totale) drop by the amount', async () => {
      const payload: Payload = {
        id_categ: 61,
        importo: '60.00',
        docs: [
          await doc('doc_acq', 1),
          await doc('doc_extr_p', 9),
          await doc('doc_pagam', 2),
          await doc('doc_extra', 31),
        ],
      };
      const { id, movement } = await accepted('rimb-bollette', payload);
      expect(movement.oggetto).toBe('Gas');
      await readBack(id, 'rimb-bollette', payload);
    });

    it('rimb-aff-mutui: mortgage with its amortization plan, and rent without one, on art51c3', async () => {
      const mortgage = await rentPayload();
      const { id } = await accepted('rimb-aff-mutui', mortgage);
      expect(((await readBack(id, 'rimb-aff-mutui', mortgage)).note as Payload).mesi).toEqual([
        'gennaio',
        'febbraio',
      ]);
      const rent = await rentPayload({
        id_categ: 69,
        importo: '50.00',
        mesi_sel: ['marzo'],
        docs: [await doc('doc_acq', 27), await doc('doc_extr_p', 11), await doc('doc_pagam', 2)],
      });
      await accepted('rimb-aff-mutui', rent);
      // Below 66 the plan is optional.
      const optional = await rentPayload({
        id_categ: 64,
        importo: '10.00',
        docs: [await doc('doc_acq', 1), await doc('doc_extr_p', 9), await doc('doc_pagam', 4)],
      });
      await accepted('rimb-aff-mutui', optional);
    });

    it('conv-previdenza-integrativa: the chosen fund becomes the saved one, soggetto is the fund', async () => {
      const payload: Payload = { prev_ok: true, covip: '5063', importo: '150.00', note: null };
      const { id, movement } = await accepted('conv-previdenza-integrativa', payload);
      expect(movement).toMatchObject({ oggetto: 'Previdenza integrativa', soggetto: 'Allianz Insieme' });
      const info = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: mario });
      expect(json<{ user_anag: { covip_fondo: string } }>(info).user_anag.covip_fondo).toBe('5063');
      const full = await readBack(id, 'conv-previdenza-integrativa', payload);
      expect(full).toMatchObject({ id_categ_id: null, fornitore: null, beneficiario: null });
    });
  });

  describe('refusals: 400 with the field, nothing debited, nothing written', () => {
    it('an amount above the credit the form draws on', async () => {
      const { art51c3 } = await balances(t.db, marioId);
      const over = ((art51c3 + 1) / 100).toFixed(2);
      const body = await refused(
        'rimb-bollette',
        {
          id_categ: 60,
          importo: over,
          docs: [await doc('doc_acq', 1), await doc('doc_extr_p', 9), await doc('doc_pagam', 2)],
        },
        'importo',
      );
      expect(body.importo![0]).toContain('ART 51 C.3');
    });

    it('a missing required document and a missing family document', async () => {
      await refused('rimb-spese', await expensesPayload({ docs: [await doc('doc_pagam', 2)] }), 'docs');
      await refused(
        'rimb-spese',
        await expensesPayload({
          me_stesso: false,
          cod_fisc_ben: SOFIA.cod_fisc,
          nome_ben: SOFIA.nome,
          id_relazione_ben: 3,
        }),
        'docs',
        messages.formBeneficiaryDocumentRequired,
      );
      await refused(
        'conv-ondemand',
        {
          id_categ: 30,
          importo: '10.00',
          data_scadenza: romeDate(),
          fornitore: SUPPLIER,
          me_stesso: true,
          docs: [],
        },
        'docs',
        messages.formQuoteRequired,
      );
    });

    it("someone else's document, a deleted one, and one already used by another request", async () => {
      const foreign = await doc('doc_acq', 1, giulia);
      await refused(
        'rimb-spese',
        await expensesPayload({ docs: [await doc('doc_pagam', 2), foreign] }),
        'docs',
        formatMessage('apiDocumentUnavailable', { id: foreign }),
      );
      const deleted = await doc('doc_acq', 1);
      await t.request({ method: 'DELETE', url: `/api/delete_allegato/${deleted}`, token: mario });
      await refused(
        'rimb-spese',
        await expensesPayload({ docs: [await doc('doc_pagam', 2), deleted] }),
        'docs',
      );
      const used = await t.db
        .selectFrom('documents')
        .select('id')
        .where('user_id', '=', marioId)
        .where('file_kind', '=', 'doc_acq')
        .where('purchase_id', 'is not', null)
        .executeTakeFirstOrThrow();
      await refused(
        'rimb-spese',
        await expensesPayload({ docs: [await doc('doc_pagam', 2), used.id] }),
        'docs',
        formatMessage('apiDocumentUnavailable', { id: used.id }),
      );
    });

    it('a document of a kind the form has no slot for, of an excluded type, or too many of one kind', async () => {
      await refused(
        'rimb-spese',
        await expensesPayload({
          docs: [await doc('doc_pagam', 2), await doc('doc_acq', 1), await doc('doc_rata', 12)],
        }),
        'docs',
        formatMessage('apiDocumentKindUnexpected', { kind: 'doc_rata' }),
      );
      // 31 (cash receipt) is excluded from the payment slot.
      await refused(
        'rimb-spese',
        await expensesPayload({ docs: [await doc('doc_pagam', 31), await doc('doc_acq', 1)] }),
        'docs',
        formatMessage('apiDocumentTypeExcluded', {
          tipo: 'Ricevuta di pagamento in contanti',
          slot: 'Documento di pagamento',
        }),
      );
      await refused(
        'rimb-spese',
        await expensesPayload({
          docs: [await doc('doc_pagam', 2), await doc('doc_pagam', 3), await doc('doc_acq', 1)],
        }),
        'docs',
        formatMessage('apiDocumentKindTooMany', { kind: 'doc_pagam' }),
      );
    });

    it('a wrong tax code, relation 5, a category that forces the user as beneficiary', async () => {
      const family = { me_stesso: false, nome_ben: 'Luca Rossi', id_relazione_ben: 3 };
      const docs = async () => [await doc('doc_pagam', 2), await doc('doc_acq', 1), await doc('doc_fam', 14)];
      await refused(
        'rimb-spese',
        await expensesPayload({ ...family, cod_fisc_ben: 'RSSLCU12P03F205A', docs: await docs() }),
        'cod_fisc_ben',
        messages.formTaxCodeInvalid,
      );
      await refused(
        'rimb-spese',
        await expensesPayload({
          ...family,
          cod_fisc_ben: MARIO_BENEFICIARIES[1]!.cod_fisc,
          id_relazione_ben: 5,
          docs: await docs(),
        }),
        'id_relazione_ben',
      );
      // 8 = public transport passes: the beneficiary can only be the user.
      await refused(
        'rimb-spese',
        await expensesPayload({
          ...family,
          id_categ: 8,
          cod_fisc_ben: MARIO_BENEFICIARIES[1]!.cod_fisc,
          docs: await docs(),
        }),
        'me_stesso',
        messages.formBeneficiaryForcedMyself,
      );
    });

    it('a category of another kind or unknown', async () => {
      await refused(
        'rimb-spese',
        await expensesPayload({ id_categ: 60 }),
        'id_categ',
        messages.apiCategoryNotFound,
      );
      await refused(
        'rimb-spese',
        await expensesPayload({ id_categ: 999 }),
        'id_categ',
        messages.apiCategoryNotFound,
      );
    });

    it('rent above 68 with an amortization plan; mortgage 66 without one', async () => {
      await refused(
        'rimb-aff-mutui',
        await rentPayload({ id_categ: 70 }),
        'docs',
        messages.formAmortizationNotAllowed,
      );
      await refused(
        'rimb-aff-mutui',
        await rentPayload({
          docs: [await doc('doc_acq', 28), await doc('doc_extr_p', 10), await doc('doc_pagam', 5)],
        }),
        'docs',
        messages.formAmortizationRequired,
      );
      await refused('rimb-aff-mutui', await rentPayload({ mesi_sel: [] }), 'mesi_sel');
    });

    it('a loan maximum that does not match, an amount above it, an installment date too early, a bad IBAN', async () => {
      await refused(
        'rimb-interessi',
        await interestPayload({ importo_max_rimb: '200.00' }),
        'importo_max_rimb',
      );
      await refused(
        'rimb-interessi',
        await interestPayload({ quant_rimb: 'parziale', importo: '135.01' }),
        'importo',
        formatMessage('formLoanOverMaximum', { n: euro(13_500) }),
      );
      await refused(
        'rimb-interessi',
        await interestPayload({ data_rata: addDays(romeDate(), 10) }),
        'data_rata',
        formatMessage('formLoanDateTooEarly', { date: formatDate(romeDate()) }),
      );
      await refused(
        'rimb-interessi',
        await interestPayload({ iban: 'IT00A0569601600000002468135' }),
        'iban',
        messages.formIbanInvalid,
      );
    });

    it('a pension request without a fund, with an unknown one, or before the information was accepted', async () => {
      await refused('conv-previdenza-integrativa', { prev_ok: true, importo: '10.00' }, 'covip');
      await refused('conv-previdenza-integrativa', { prev_ok: true, covip: '', importo: '10.00' }, 'covip');
      await refused(
        'conv-previdenza-integrativa',
        { prev_ok: true, covip: '99999', importo: '10.00' },
        'covip',
        messages.apiFundNotFound,
      );
      await t.db.updateTable('users').set({ previdenza_is_ok: false }).where('id', '=', marioId).execute();
      try {
        await refused(
          'conv-previdenza-integrativa',
          { prev_ok: true, covip: '61', importo: '10.00' },
          'non_field_errors',
          messages.apiPensionInfoNotAccepted,
        );
      } finally {
        await t.db.updateTable('users').set({ previdenza_is_ok: true }).where('id', '=', marioId).execute();
      }
    });

    it('a payload that does not match the schema: Italian field errors', async () => {
      const body = await refused(
        'rimb-bollette',
        { id_categ: '60', importo: '1,50', docs: [], altro: 1 },
        'importo',
      );
      expect(body).toEqual({
        id_categ: [formatMessage('apiValidationType', { type: messages.apiTypeInteger })],
        importo: [messages.apiValidationFormat],
        altro: [messages.apiValidationUnknownField],
      });
      await refused(
        'rimb-bollette',
        { id_categ: 60, importo: '0.00', docs: [] },
        'importo',
        messages.formAmountZero,
      );
    });
  });

  describe('gating and idempotency', () => {
    it('answers 404 for a form that does not exist', async () => {
      const response = await submit('rimb-inesistente', { importo: '1.00' });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toHaveProperty('detail');
    });

    it('answers 403 without the route permission or with threshold_ok false, before looking at the body', async () => {
      // Permissions come with the profile: an employee profile without rimb-bollette.
      await t.db
        .deleteFrom('profile_permissions')
        .where('profile', '=', 'utente')
        .where('perm', '=', 'rimb-bollette')
        .execute();
      try {
        const denied = await submit('rimb-bollette', { nonsense: true });
        expect(denied.statusCode, denied.body).toBe(403);
        expect(json(denied)).toEqual({ detail: messages.apiForbidden });
      } finally {
        await t.db
          .insertInto('profile_permissions')
          .values({ profile: 'utente', perm: 'rimb-bollette' })
          .execute();
      }
      const allowed = await submit('rimb-bollette', { nonsense: true });
      expect(allowed.statusCode).toBe(400);
      const luca = await t.login('luca.neri@example.com');
      expect((await submit('rimb-spese', await expensesPayload(), luca)).statusCode).toBe(403);
      const anonymous = await t.request({
        method: 'POST',
        url: '/api/crea_richiesta/rimb-spese',
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('makes one purchase for a double submit with the same Idempotency-Key; 422 for another body', async () => {
      const payload = await expensesPayload({ importo: '7.00' });
      const before = await ledgerCounts(t, marioId);
      const credit = await balances(t.db, marioId);
      const first = await submit('rimb-spese', payload, mario, 'invio-spese-1');
      const second = await submit('rimb-spese', payload, mario, 'invio-spese-1');
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(json(second)).toEqual(json(first));
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await ledgerCounts(t, marioId)).toEqual({
        purchases: before.purchases + 1,
        movements: before.movements + 1,
      });
      expect((await balances(t.db, marioId)).totale).toBe(credit.totale - 700);
      const other = await submit('rimb-spese', { ...payload, importo: '8.00' }, mario, 'invio-spese-1');
      expect(other.statusCode).toBe(422);
      expect(json(other)).toEqual({ detail: messages.apiIdempotencyMismatch });
      // A refused request does not burn its key: fixed, the same key goes through.
      const bad = await submit('rimb-spese', { ...payload, docs: [] }, mario, 'invio-spese-2');
      expect(bad.statusCode).toBe(400);
      const good = await submit(
        'rimb-spese',
        await expensesPayload({ importo: '1.00' }),
        mario,
        'invio-spese-2',
      );
      expect(good.statusCode).toBe(201);
    });
    it('attaches a document to one request only when two requests race for it', async () => {
      const payload = await expensesPayload({ importo: '2.00' });
      const before = await ledgerCounts(t, marioId);
      const answers = await Promise.all([submit('rimb-spese', payload), submit('rimb-spese', payload)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0], answers.map((a) => a.body).join(' ')).toBe(201);
      // The loser sees the documents taken either before its checks (400) or at attach time (409).
      expect([400, 409]).toContain(statuses[1]);
      expect(json(answers.find((a) => a.statusCode !== 201)!)).toHaveProperty('docs');
      expect(await ledgerCounts(t, marioId)).toEqual({
        purchases: before.purchases + 1,
        movements: before.movements + 1,
      });
    });
  });

  describe('get_acquisto_full', () => {
    it("answers 404 for another user's purchase or none, and reads the seeded requests", async () => {
      const own = await t.db
        .selectFrom('purchases')
        .select('id')
        .where('user_id', '=', marioId)
        .where('idempotency_key', '=', 'seed-mario-p10')
        .executeTakeFirstOrThrow();
      const other = await t.request({
        method: 'GET',
        url: `/api/get_acquisto_full/${own.id}`,
        token: giulia,
      });
      expect(other.statusCode).toBe(404);
      expect(json(other)).toEqual({ detail: messages.apiPurchaseNotFound });
      expect(
        (await t.request({ method: 'GET', url: '/api/get_acquisto_full/999999999', token: mario }))
          .statusCode,
      ).toBe(404);
      const seeded = json<Payload>(
        await t.request({ method: 'GET', url: `/api/get_acquisto_full/${own.id}`, token: mario }),
      );
      expect(validFull(seeded)).toBe(true);
      expect(seeded).toMatchObject({ kind: 4, id_categ_id: 33, acquisto_row: { importo_totale: '300.00' } });
      expect(seeded.fornitore).toMatchObject({ p_iva: '01234567897' });
    });

    it('fills every form from the seeded request of its kind (each payload valid for its schema)', async () => {
      const schemas = new Ajv2020({ strict: false, allErrors: true });
      addFormats(schemas);
      const { loadFormSchemas } = await import('../../src/server/plugins/schemas');
      for (const schema of loadFormSchemas()) schemas.addSchema(schema);
      const seeded = await t.db
        .selectFrom('purchases')
        .select(['id', 'kind', 'payload'])
        .where('user_id', '=', marioId)
        .where('idempotency_key', 'like', 'seed-mario-%')
        .where('kind', 'in', [1, 3, 4, 7, 13, 14])
        .execute();
      expect(new Set(seeded.map((p) => p.kind))).toEqual(new Set([1, 3, 4, 7, 13, 14]));
      for (const purchase of seeded) {
        const declaration = [
          'conv-ondemand',
          'rimb-spese',
          'rimb-interessi',
          'rimb-bollette',
          'rimb-aff-mutui',
          'conv-previdenza-integrativa',
        ]
          .map(form)
          .find((f) => f.kind === purchase.kind)!;
        const validate = schemas.getSchema(declaration.schemaId)!;
        expect(validate(purchase.payload), `${purchase.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
        const full = json<Payload>(
          await t.request({ method: 'GET', url: `/api/get_acquisto_full/${purchase.id}`, token: mario }),
        );
        const data = replayToFormData(declaration, full);
        expect(data.importo, declaration.route_name).toMatch(/^\d+\.\d{2}$/);
        if (declaration.categories)
          expect(data.id_categ, declaration.route_name).toBe(purchase.payload.id_categ);
      }
    });
  });
});

describe.each(backends)('a seventh form given through extraForms (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let marioId: number;

  beforeAll(async () => {
    t = await buildFormsApp(backend, {
      extraForms: [{ declaration: rimbProva, schema: rimbProvaSchema }],
    });
    mario = await t.login('mario.rossi@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
    await t.db
      .insertInto('purchase_categories')
      .values({ id: 900, kind: rimbProva.kind, nome: 'Visite di controllo (prova)', me_stesso: true })
      .execute();
  });
  afterAll(async () => t?.close());

  const submit = (payload: Payload) =>
    t.request({ method: 'POST', url: '/api/crea_richiesta/rimb-prova', token: mario, payload });

  it('is gated by its own route name, then accepted end to end and read back', async () => {
    const docId = await upload(t, mario, { kind: 'doc_acq', typeId: 1 });
    const payload: Payload = {
      id_categ: 900,
      importo: '35.00',
      note: 'Visita di controllo',
      tipo: 'straordinaria',
      persone: 2,
      conferma: true,
      docs: [docId],
    };
    expect((await submit(payload)).statusCode).toBe(403);
    await t.db.insertInto('user_permissions').values({ user_id: marioId, perm: 'rimb-prova' }).execute();

    const categories = await t.request({
      method: 'GET',
      url: `/api/categorie/${rimbProva.kind}`,
      token: mario,
    });
    expect(json(categories)).toEqual([{ id: 900, nome: 'Visite di controllo (prova)', me_stesso: true }]);

    const counts = await ledgerCounts(t, marioId);
    for (const [field, wrong] of [
      ['docs', []],
      ['tipo', 'altro'],
      ['conferma', false],
    ] as const) {
      const refused = await submit({ ...payload, [field]: wrong });
      expect(refused.statusCode, field).toBe(400);
      expect(json(refused), field).toHaveProperty(field);
    }
    expect(await ledgerCounts(t, marioId)).toEqual(counts);

    const before = await balances(t.db, marioId);
    const response = await submit(payload);
    expect(response.statusCode, response.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(response);
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(3500);
    const purchase = await t.db
      .selectFrom('purchases')
      .select(['kind', 'importo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(purchase).toEqual({ kind: 6, importo: 3500 });
    const movement = await t.db
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', id)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ id_kind: 6, oggetto: 'Visite di controllo (prova)', importo: 3500 });
    expect(await documentsOfPurchase(t.db, id)).toEqual([docId]);

    const full = json<Payload>(
      await t.request({ method: 'GET', url: `/api/get_acquisto_full/${id}`, token: mario }),
    );
    expect(replayToFormData(rimbProva, full)).toEqual({
      id_categ: 900,
      importo: '35.00',
      note: 'Visita di controllo',
    });
  });

  it('is published in OpenAPI with its payload schema', async () => {
    const doc = json<{
      paths: Record<string, { post?: { requestBody?: unknown } }>;
      components: { schemas: Record<string, unknown> };
    }>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    expect(doc.paths['/api/crea_richiesta/rimb-prova']?.post?.requestBody).toBeDefined();
    expect(doc.components.schemas['form-rimb-prova']).toBeDefined();
    for (const route of [
      'conv-ondemand',
      'rimb-spese',
      'rimb-interessi',
      'rimb-bollette',
      'rimb-aff-mutui',
      'conv-previdenza-integrativa',
    ]) {
      expect(doc.paths[`/api/crea_richiesta/${route}`]?.post, route).toBeDefined();
    }
  });
});
