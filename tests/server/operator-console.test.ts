/**
 * The provider's operator console and a request's whole life (issue 26), on both databases: operators
 * sign in with their app, reach only the console (and nobody else reaches it), see the queue in their
 * scope, open a request (in verifica), ask for documents that the employee adds, approve (four eyes
 * above the declared amount, never the same operator twice), reject with a declared reason (the credit
 * back once), decide against a changed version (409, one of two concurrent decisions wins), put the
 * approved reimbursements in a payout batch whose pain.001 file is valid against the ISO schema and
 * matches the requests, and execute it once. Every action is in the append-only audit log.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { operatorRules } from '../../config/operator-console';
import { addCredit, balances, debitPurchase } from '../../src/server/services/ledger';
import { romeDate } from '../../src/server/services/calendar';
import { addWorkingDays, nextPayoutDay } from '../../src/server/services/request-life';
import { DEMO_OPERATORS } from '../../src/server/db/seed-operators';
import { runAdmin } from '../../src/server/admin';
import { supplierByKey } from '../../src/server/services/sellers';
import { akeyOf, currentStep, demo, DEMO_PASSWORD, totpAt } from './auth-helpers';
import { upload, userIdOf } from './forms-helpers';
import { backends, buildTestApp, json, type TestApp, testCreditDates, mailsTo } from './helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const XSD = readFileSync(
  fileURLToPath(new URL('../fixtures/sepa/pain.001.001.03.xsd', import.meta.url)),
  'utf8',
);
const [CHIARA, PAOLO] = DEMO_OPERATORS;

interface Detail {
  stato: string;
  versione: number;
  iban: string | null;
  iban_completo: boolean;
  azioni: string[];
  storia: { evento: string; nota: string | null }[];
  quattro_occhi: { necessari: boolean; prima_approvazione: unknown; posso_approvare: boolean };
  documenti: { id: number }[];
  risposte: { etichetta: string; valore: string }[];
}

describe.each(backends)('operator console (%s)', (backend) => {
  let t: TestApp;
  let uploadsDir: string;
  let chiara: string;
  let paolo: string;
  let mario: string;
  let laura: string;
  let marioId: number;
  let marioIban: string;

  beforeAll(async () => {
    uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-operator-'));
    t = await buildTestApp(backend, { uploadsDir, publicUrl: 'http://portale.test' });
    [chiara, paolo, mario, laura] = await Promise.all([
      t.login(CHIARA.email),
      t.login(PAOLO.email),
      t.login(demo.mario.email),
      t.login(demo.laura.email),
    ]);
    marioId = await userIdOf(t, demo.mario.email);
    marioIban = (
      await t.db
        .selectFrom('user_ibans')
        .select('iban')
        .where('user_id', '=', marioId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).iban;
    // Enough credit for the requests made here.
    await addCredit(t.db, {
      userId: marioId,
      fonte: 1,
      amountCents: 1_000_000,
      ...testCreditDates(),
      oggetto: 'Credito di prova',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  /** A reimbursement request of mario's, sent through the rimb-spese form's route (or another form's). */
  const newRequest = async (amountCents: number, iban: string | null = marioIban, formRoute = 'rimb-spese') =>
    (
      await debitPurchase(t.db, {
        userId: marioId,
        kind: 1,
        amountCents,
        source: 'totale',
        oggetto: 'Spese mediche',
        soggetto: 'Mario Rossi',
        formRoute,
        payload: { id_categ: 1, importo: (amountCents / 100).toFixed(2), ...(iban ? { iban } : {}) },
      })
    ).purchase.id;

  const get = (token: string, url: string) => t.request({ method: 'GET', url, token });
  const post = (token: string, url: string, payload: object) =>
    t.request({ method: 'POST', url, token, payload });
  const detail = async (token: string, id: number) => {
    const response = await get(token, `/api/operatore/richieste/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<Detail>(response);
  };
  const decide = (token: string, id: number, body: object) =>
    post(token, `/api/operatore/richieste/${id}/decisione`, body);
  const audit = (id: number) =>
    t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor', 'address'])
      .where('object_type', '=', 'richiesta')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();

  it('signs an operator in with the password and the authenticator app', async () => {
    const check = await post('', '/api/api-token-ckey', { akey: akeyOf(PAOLO.email, DEMO_PASSWORD) });
    expect(check.statusCode, check.body).toBe(200);
    const answer = json<{ type: string; 'check-token': string }>(check);
    expect(answer.type).toBe('AUTH_OTP');
    const token = await post('', '/api/api-token-otp', {
      check_token: answer['check-token'],
      otp: totpAt(PAOLO.totpSecret, currentStep()),
    });
    expect(token.statusCode, token.body).toBe(200);
    const session = json<{ token: string }>(token).token;
    const profile = await get(session, '/api/operatore/profilo');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(json<{ email: string; puo_pagare: boolean }>(profile)).toMatchObject({
      email: PAOLO.email,
      puo_pagare: false,
    });
  });

  it('keeps operators in the console and everyone else out of it', async () => {
    for (const url of [
      '/api/mie_richieste',
      '/api/get_user_credit_info',
      '/api/aziende_referente',
      '/api/info_notifiche',
    ]) {
      const response = await get(chiara, url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(403);
    }
    expect((await get(chiara, '/api/get-logged-user-info')).statusCode).toBe(200);
    for (const token of [mario, laura]) {
      for (const url of ['/api/operatore/richieste', '/api/operatore/pagamenti', '/api/operatore/registro']) {
        expect((await get(token, url)).statusCode, url).toBe(403);
      }
    }
    expect((await get('', '/api/operatore/richieste')).statusCode).toBe(401);
  });

  it('lists the queue oldest first with the count of each state, and filters it', async () => {
    const id = await newRequest(12_345);
    const queue = json<{
      count: number;
      conteggi: Record<string, number>;
      results: { id_acquisto: number; inviata_il: string; importo: string }[];
    }>(await get(chiara, '/api/operatore/richieste?page_size=100'));
    expect(queue.count).toBe(
      queue.conteggi.inviata! + queue.conteggi.in_verifica! + queue.conteggi.documenti_richiesti!,
    );
    const times = queue.results.map((r) => r.inviata_il);
    expect([...times].sort()).toEqual(times);
    const filtered = json<{ results: { id_acquisto: number; importo: string }[] }>(
      await get(
        chiara,
        '/api/operatore/richieste?stato=inviata&importo_min=123.45&importo_max=123.45&modulo=rimb-spese&page_size=100',
      ),
    );
    expect(filtered.results.map((r) => r.id_acquisto)).toContain(id);
    expect(filtered.results.every((r) => r.importo === '123.45')).toBe(true);
    const bad = await get(chiara, '/api/operatore/richieste?importo_min=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('asks for documents, which the employee adds from the request, back in the queue', async () => {
    const id = await newRequest(20_000);
    const opened = await detail(paolo, id);
    expect(opened.stato).toBe('in_verifica');
    expect(opened.iban).not.toBe(marioIban); // masked: paolo does not pay
    expect(opened.iban).toMatch(/^IT\d\d •••• •••• \d{4}$/);
    expect((await detail(chiara, id)).iban).toBe(marioIban);
    // The answers as the employee gave them: the form's titles, the category by its name.
    expect(opened.risposte).toContainEqual({
      campo: 'id_categ',
      etichetta: 'Categoria',
      valore: expect.not.stringMatching(/^\d+$/),
    });

    expect(
      (await decide(paolo, id, { azione: 'richiedi_documenti', versione: opened.versione })).statusCode,
    ).toBe(400);
    const asked = await decide(paolo, id, {
      azione: 'richiedi_documenti',
      versione: opened.versione,
      nota: 'Manca la fattura',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(json<{ stato: string }>(asked).stato).toBe('documenti_richiesti');

    const mine = json<{ stato: string; documenti_richiesti: string; entro_il: string | null }>(
      await get(mario, `/api/richiesta/${id}`),
    );
    expect(mine).toMatchObject({
      stato: 'documenti_richiesti',
      documenti_richiesti: 'Manca la fattura',
      entro_il: null,
    });
    const notice = await t.db
      .selectFrom('notifications as n')
      .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .select('n.testo')
      .where('r.user_id', '=', marioId)
      .where('n.id_riferimento', '=', String(id))
      .execute();
    expect(notice.map((n) => n.testo).join()).toContain('Manca la fattura');
    expect((await mailsTo(t.db, demo.mario.email)).at(-1)?.text).toContain(
      `http://portale.test/richieste/${id}`,
    );

    // Someone else's request, or a document not the employee's own: refused.
    expect((await post(laura, `/api/richiesta/${id}/documenti`, { docs: [1] })).statusCode).toBe(404);
    const doc = await upload(t, mario, { kind: 'doc_acq', typeId: 1 });
    const added = await post(mario, `/api/richiesta/${id}/documenti`, { docs: [doc] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await post(mario, `/api/richiesta/${id}/documenti`, { docs: [doc] })).statusCode).toBe(409);
    const again = await detail(paolo, id);
    expect(again.stato).toBe('in_verifica');
    expect(again.documenti.map((d) => d.id)).toContain(doc);
    const file = await get(paolo, `/api/operatore/documenti/${doc}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);

    // Decided on the version read before the documents came: refused, told why.
    const stale = await decide(paolo, id, { azione: 'approva', versione: opened.versione });
    expect(stale.statusCode).toBe(409);
    expect(json<{ detail: string }>(stale).detail).toMatch(/è cambiata/);
    const approved = await decide(paolo, id, { azione: 'approva', versione: again.versione });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = json<{ stato: string; entro_il: string; storia: { evento: string }[] }>(
      await get(mario, `/api/richiesta/${id}`),
    );
    expect(after.stato).toBe('approvata');
    expect(after.entro_il).toBe(
      addWorkingDays(nextPayoutDay(romeDate(), operatorRules), operatorRules.bankWorkingDays),
    );
    expect(after.storia.map((s) => s.evento)).toEqual([
      'inviata',
      'in_verifica',
      'documenti_richiesti',
      'documenti_aggiunti',
      'approvata',
    ]);
    expect((await audit(id)).map((a) => a.action)).toEqual([
      'presa_in_carico',
      'richiesta_documenti',
      'approvazione',
    ]);
    expect((await audit(id)).every((a) => a.actor === PAOLO.email && a.address.length > 0)).toBe(true);
  });

  it('needs two different operators above the declared amount', async () => {
    const id = await newRequest(operatorRules.fourEyesAboveCents + 1);
    const first = await detail(chiara, id);
    expect(first.quattro_occhi.necessari).toBe(true);
    const one = await decide(chiara, id, { azione: 'approva', versione: first.versione });
    expect(json<{ attende_secondo_operatore: boolean; stato: string }>(one)).toMatchObject({
      attende_secondo_operatore: true,
      stato: 'in_verifica',
    });
    const same = await detail(chiara, id);
    expect(same.quattro_occhi.posso_approvare).toBe(false);
    const twice = await decide(chiara, id, { azione: 'approva', versione: same.versione });
    expect(twice.statusCode).toBe(409);
    expect(json<{ detail: string }>(twice).detail).toMatch(/secondo operatore/);
    const second = await decide(paolo, id, { azione: 'approva', versione: same.versione });
    expect(json<{ stato: string }>(second).stato).toBe('approvata');
    expect((await audit(id)).map((a) => [a.action, a.actor])).toEqual([
      ['presa_in_carico', CHIARA.email],
      ['prima_approvazione', CHIARA.email],
      ['approvazione', PAOLO.email],
    ]);
  });

  it('lets one of two concurrent decisions win and tells the other', async () => {
    const id = await newRequest(4_000);
    const { versione } = await detail(chiara, id);
    const answers = await Promise.all([
      decide(chiara, id, { azione: 'approva', versione }),
      decide(paolo, id, { azione: 'rifiuta', versione, motivo: 'spesa-non-ammessa' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(json<{ detail: string }>(loser).detail).toMatch(/è cambiata/);
  });

  it('rejects with a declared reason and gives the credit back once', async () => {
    const id = await newRequest(7_700);
    const { versione } = await detail(paolo, id);
    expect((await decide(paolo, id, { azione: 'rifiuta', versione, motivo: 'inventato' })).statusCode).toBe(
      400,
    );
    expect((await decide(paolo, id, { azione: 'rifiuta', versione, motivo: 'altro' })).statusCode).toBe(400);
    const before = await balances(t.db, marioId);
    const rejected = await decide(paolo, id, {
      azione: 'rifiuta',
      versione,
      motivo: 'documenti-non-validi',
      nota: 'Scontrino illeggibile',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = await balances(t.db, marioId);
    expect(after.totale - before.totale).toBe(7_700);
    const again = await decide(paolo, id, {
      azione: 'rifiuta',
      versione: versione + 1,
      motivo: 'altro',
      nota: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect((await balances(t.db, marioId)).totale).toBe(after.totale);
    const credits = await t.db
      .selectFrom('movements')
      .select('soggetto')
      .where('id_acquisto', '=', id)
      .where('verso', '=', 'AVERE')
      .execute();
    expect(credits).toHaveLength(1);
    expect(credits[0]!.soggetto).toContain('Documenti non validi');
    const mine = json<{ stato: string; storia: { evento: string; nota: string | null }[] }>(
      await get(mario, `/api/richiesta/${id}`),
    );
    expect(mine.stato).toBe('rifiutata');
    expect(mine.storia.at(-1)).toMatchObject({
      evento: 'rifiutata',
      nota: 'Documenti non validi o illeggibili – Scontrino illeggibile',
    });
  });

  it('keeps the audit log append-only', async () => {
    expect(
      Number(
        (
          await t.db
            .selectFrom('operator_audit')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    await expect(sql`UPDATE operator_audit SET actor = 'altri'`.execute(t.db)).rejects.toThrow(
      /non si modifica/,
    );
    await expect(sql`DELETE FROM operator_audit`.execute(t.db)).rejects.toThrow(/non si modifica/);
    await expect(sql`TRUNCATE operator_audit`.execute(t.db)).rejects.toThrow(/non si modifica/);
    const log = json<{ count: number; results: { azione: string }[]; azioni: string[] }>(
      await get(
        paolo,
        `/api/operatore/registro?operatore=${encodeURIComponent('paolo.riva')}&azione=approvazione`,
      ),
    );
    expect(log.count).toBeGreaterThan(0);
    expect(log.results.every((r) => r.azione === 'approvazione')).toBe(true);
    expect(log.azioni).toContain('rifiuto');
  });

  it('pays the approved reimbursements by a SEPA batch, once', async () => {
    // The second names no IBAN: it is paid to mario's latest on file. A pension request is not paid here.
    const latest = (
      await t.db
        .selectFrom('user_ibans')
        .select('iban')
        .where('user_id', '=', marioId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).iban;
    const ids = [await newRequest(10_010), await newRequest(25_099, null)];
    const pension = await newRequest(5_000, null, 'conv-previdenza-integrativa');
    expect((await detail(chiara, pension)).iban).toBeNull();
    expect((await detail(chiara, ids[1]!)).iban).toBe(latest);
    for (const id of [pension]) {
      const { versione } = await detail(chiara, id);
      expect((await decide(chiara, id, { azione: 'approva', versione })).statusCode).toBe(200);
    }
    expect(
      json<{ entro_il: string | null }>(await get(mario, `/api/richiesta/${pension}`)).entro_il,
    ).toBeNull();
    for (const id of ids) {
      const { versione } = await detail(chiara, id);
      expect((await decide(chiara, id, { azione: 'approva', versione })).statusCode).toBe(200);
    }
    const overview = json<{ conti: { id: number; iban: string }[]; da_pagare: { richieste: number } }>(
      await get(chiara, '/api/operatore/pagamenti'),
    );
    expect(overview.da_pagare.richieste).toBeGreaterThanOrEqual(2);
    const day = addWorkingDays(romeDate(), 1);
    const account = overview.conti[0]!;
    expect(
      (await post(paolo, '/api/operatore/pagamenti', { conto: account.id, data_esecuzione: day })).statusCode,
    ).toBe(403);
    expect(
      (await post(chiara, '/api/operatore/pagamenti', { conto: account.id, data_esecuzione: '2020-01-02' }))
        .statusCode,
    ).toBe(400);
    const made = await post(chiara, '/api/operatore/pagamenti', { conto: account.id, data_esecuzione: day });
    expect(made.statusCode, made.body).toBe(200);
    const batch = json<{ id: number; bonifici: number; totale: string }>(made);
    expect(
      (await post(chiara, '/api/operatore/pagamenti', { conto: account.id, data_esecuzione: day }))
        .statusCode,
    ).toBe(409);

    const items = await t.db
      .selectFrom('payout_items as i')
      .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
      .select(['i.purchase_id', 'p.importo', 'p.payload', 'p.review_state'])
      .where('i.batch_id', '=', batch.id)
      .execute();
    expect(items.map((i) => i.purchase_id)).toEqual(expect.arrayContaining(ids));
    expect(items.map((i) => i.purchase_id)).not.toContain(pension);
    expect(items.every((i) => i.review_state === 'in_pagamento')).toBe(true);

    expect((await get(paolo, `/api/operatore/pagamenti/${batch.id}/sepa`)).statusCode).toBe(403);
    const file = await get(chiara, `/api/operatore/pagamenti/${batch.id}/sepa`);
    expect(file.statusCode, file.body).toBe(200);
    const result = await validateXML({
      xml: { fileName: 'lotto.xml', contents: file.body },
      schema: { fileName: 'pain.001.001.03.xsd', contents: XSD },
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    const parsed = new XMLParser({
      parseTagValue: false,
      ignoreAttributes: false,
      isArray: (name) => name === 'CdtTrfTxInf',
    }).parse(file.body) as {
      Document: {
        CstmrCdtTrfInitn: {
          GrpHdr: { NbOfTxs: string; CtrlSum: string };
          PmtInf: {
            ReqdExctnDt: string;
            DbtrAcct: { Id: { IBAN: string } };
            CdtTrfTxInf: {
              PmtId: { EndToEndId: string };
              Amt: { InstdAmt: { '#text': string } };
              CdtrAcct: { Id: { IBAN: string } };
              RmtInf: { Ustrd: string };
            }[];
          };
        };
      };
    };
    const doc = parsed.Document.CstmrCdtTrfInitn;
    expect(doc.GrpHdr.NbOfTxs).toBe(String(items.length));
    const sum = items.reduce((s, i) => s + i.importo, 0);
    expect(doc.GrpHdr.CtrlSum).toBe((sum / 100).toFixed(2));
    expect(doc.GrpHdr.CtrlSum).toBe(batch.totale);
    expect(doc.PmtInf.ReqdExctnDt).toBe(day);
    expect(doc.PmtInf.DbtrAcct.Id.IBAN).toBe(account.iban);
    for (const item of items) {
      const tx = doc.PmtInf.CdtTrfTxInf.find((x) => x.PmtId.EndToEndId === `RIMB-${item.purchase_id}`)!;
      expect(tx.Amt.InstdAmt['#text']).toBe((item.importo / 100).toFixed(2));
      expect(tx.CdtrAcct.Id.IBAN).toBe((item.payload as { iban?: string }).iban ?? latest);
      expect(tx.RmtInf.Ustrd).toContain(`richiesta n. ${item.purchase_id}`);
    }

    const executed = await post(chiara, `/api/operatore/pagamenti/${batch.id}/eseguito`, {});
    expect(executed.statusCode, executed.body).toBe(200);
    expect((await post(chiara, `/api/operatore/pagamenti/${batch.id}/eseguito`, {})).statusCode).toBe(409);
    expect((await post(chiara, `/api/operatore/pagamenti/${batch.id}/annulla`, {})).statusCode).toBe(409);
    const paid = json<{ stato: string; pagata_il: string; storia: { evento: string }[] }>(
      await get(mario, `/api/richiesta/${ids[0]}`),
    );
    expect(paid).toMatchObject({ stato: 'pagata', pagata_il: day });
    expect(paid.storia.map((s) => s.evento)).toEqual([
      'inviata',
      'in_verifica',
      'approvata',
      'in_pagamento',
      'pagata',
    ]);
    const statuses = await t.db.selectFrom('purchases').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((s) => s.status === 'pagato')).toBe(true);
    expect((await mailsTo(t.db, demo.mario.email)).some((m) => m.text.includes('pagata con bonifico'))).toBe(
      true,
    );
  });

  it('cancels an open batch: its requests can go in another one', async () => {
    const id = await newRequest(3_300);
    const { versione } = await detail(chiara, id);
    await decide(chiara, id, { azione: 'approva', versione });
    const conto = json<{ conti: { id: number }[] }>(await get(chiara, '/api/operatore/pagamenti')).conti[0]!
      .id;
    const day = addWorkingDays(romeDate(), 2);
    const first = json<{ id: number }>(
      await post(chiara, '/api/operatore/pagamenti', { conto, data_esecuzione: day }),
    );
    expect((await post(chiara, `/api/operatore/pagamenti/${first.id}/annulla`, {})).statusCode).toBe(200);
    expect((await detail(chiara, id)).stato).toBe('approvata');
    const second = await post(chiara, '/api/operatore/pagamenti', { conto, data_esecuzione: day });
    expect(second.statusCode, second.body).toBe(200);
    const open = await t.db
      .selectFrom('payout_items')
      .select('batch_id')
      .where('purchase_id', '=', id)
      .where('open', '=', true)
      .execute();
    expect(open).toEqual([{ batch_id: json<{ id: number }>(second).id }]);
  });

  it('decides the referents’ imports, sends the Piattapasto orders and issues supplier keys from the console', async () => {
    const imports = json<{ id: number; stato: string; da_decidere: boolean }[]>(
      await get(chiara, '/api/operatore/importazioni'),
    );
    const decidable = imports.find((i) => i.da_decidere);
    expect(decidable, JSON.stringify(imports.map((i) => i.stato))).toBeDefined();
    const refused = await post(chiara, `/api/operatore/importazioni/${decidable!.id}/rifiuta`, {
      motivo: 'Importi da verificare',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(json<{ stato: string }>(refused).stato).toBe('REJECTED_BY_BACKOFFICE');
    expect((await post(chiara, `/api/operatore/importazioni/${decidable!.id}/accetta`, {})).statusCode).toBe(
      409,
    );
    const decided = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'changes'])
      .where('object_type', '=', 'importazione')
      .where('object_id', '=', String(decidable!.id))
      .execute();
    expect(decided).toEqual([
      {
        action: 'importazione_rifiutata',
        changes: { stato: [decidable!.stato, 'REJECTED_BY_BACKOFFICE'], motivo: 'Importi da verificare' },
      },
    ]);

    const orders = json<{ id: number; da_inviare: boolean }[]>(
      await get(chiara, '/api/operatore/piattapasto'),
    );
    expect(Array.isArray(orders)).toBe(true);
    const sent = await post(chiara, '/api/operatore/piattapasto/invio', {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<{ ordini: number[] }>(sent).ordini).toEqual(
      orders
        .filter((o) => o.da_inviare)
        .map((o) => o.id)
        .sort((a, b) => a - b),
    );

    const suppliers = json<{ id: number }[]>(await get(chiara, '/api/operatore/fornitori'));
    const supplier = suppliers[0]!;
    const issued = await post(chiara, `/api/operatore/fornitori/${supplier.id}/chiave`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const { chiave } = json<{ chiave: string }>(issued);
    expect((await supplierByKey(t.db, chiave))?.id).toBe(supplier.id);
    const keyAudit = await t.db
      .selectFrom('operator_audit')
      .select('changes')
      .where('object_type', '=', 'fornitore')
      .where('object_id', '=', String(supplier.id))
      .execute();
    expect(JSON.stringify(keyAudit)).not.toContain(chiave);
  });

  it('loads the suppliers’ codes from the console, whole or not at all', async () => {
    const stocks = json<{ acquisto: string; prodotto: string; liberi: number }[]>(
      await get(chiara, '/api/operatore/codici-buoni'),
    );
    const stock = stocks[0]!;
    const code = `CONSOLE-${Date.now()}`;
    const bad = await post(chiara, '/api/operatore/codici-buoni', {
      nome_file: 'codici.csv',
      contenuto: `acquisto,prodotto,codice\n${stock.acquisto},${stock.prodotto},${code}\nnessuno,${stock.prodotto},ALTRO-1\n`,
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ righe: string[] }>(bad).righe.join()).toMatch(/riga 3/);
    const loaded = await post(chiara, '/api/operatore/codici-buoni', {
      nome_file: 'codici.csv',
      contenuto: `acquisto,prodotto,codice\n${stock.acquisto},${stock.prodotto},${code}\n`,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const after = json<{ acquisto: string; prodotto: string; liberi: number }[]>(
      await get(chiara, '/api/operatore/codici-buoni'),
    );
    expect(after.find((s) => s.acquisto === stock.acquisto && s.prodotto === stock.prodotto)!.liberi).toBe(
      stock.liberi + 1,
    );
    const rows = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'changes'])
      .where('object_type', '=', 'scorta')
      .execute();
    expect(rows).toEqual([{ action: 'codici_caricati', changes: { codici: 1 } }]);
  });

  it('keeps the counts per state equal to the requests, through every change made above', async () => {
    const exact = async (companyId?: number) => {
      let query = t.db
        .selectFrom('purchases')
        .select(['review_state', (eb) => eb.fn.countAll<string>().as('n')])
        .where('review_state', 'in', ['inviata', 'in_verifica', 'documenti_richiesti'])
        .groupBy('review_state');
      if (companyId !== undefined) query = query.where('company_id', '=', companyId);
      const rows = await query.execute();
      const out = { inviata: 0, in_verifica: 0, documenti_richiesti: 0 } as Record<string, number>;
      for (const r of rows) out[r.review_state] = Number(r.n);
      return out;
    };
    const all = json<{ conteggi: Record<string, number> }>(await get(chiara, '/api/operatore/richieste'));
    expect(all.conteggi).toEqual(await exact());
    const acme = (
      await t.db.selectFrom('users').select('company_id').where('id', '=', marioId).executeTakeFirstOrThrow()
    ).company_id;
    const mine = json<{ conteggi: Record<string, number> }>(
      await get(chiara, `/api/operatore/richieste?azienda=${acme}`),
    );
    expect(mine.conteggi).toEqual(await exact(acme));
    // With an amount filter the counts are counted, and agree.
    const counted = json<{ conteggi: Record<string, number> }>(
      await get(chiara, '/api/operatore/richieste?importo_min=0.01'),
    );
    expect(counted.conteggi).toEqual(await exact());
  });

  it('writes the terminal’s actions to the same audit log, as the terminal or as the operator named', async () => {
    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      const code = await runAdmin(argv, {
        db: t.db,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
        imports: { files: t.app.files, baseUrl: 'http://portale.test', sendMail: async () => undefined },
      });
      expect(code, lines.join('\n')).toBe(0);
    };
    const small = await newRequest(2_200);
    await run('approve', String(small));
    const big = await newRequest(operatorRules.fourEyesAboveCents + 500);
    await run('approve', String(big), '--operatore', CHIARA.email);
    await run('approve', String(big), '--operatore', PAOLO.email);
    await run('supplier-key', '1');
    const rows = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor', 'object_id'])
      .where('address', '=', 'terminale')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'approvazione', actor: 'terminale', object_id: String(small) },
      { action: 'prima_approvazione', actor: CHIARA.email, object_id: String(big) },
      { action: 'approvazione', actor: PAOLO.email, object_id: String(big) },
      { action: 'chiave_fornitore', actor: 'terminale', object_id: '1' },
    ]);
  });

  it('shows an operator only the customers they serve', async () => {
    const initech = await t.db
      .selectFrom('customers')
      .select('id')
      .where('slug', '=', 'initech')
      .executeTakeFirstOrThrow();
    const operator = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', PAOLO.email)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('operators')
      .set({ all_customers: false })
      .where('user_id', '=', operator.id)
      .execute();
    await t.db
      .insertInto('operator_customers')
      .values({ user_id: operator.id, customer_id: initech.id })
      .execute();
    try {
      const id = await newRequest(1_100);
      expect((await get(paolo, `/api/operatore/richieste/${id}`)).statusCode).toBe(404);
      const queue = json<{ results: { cliente: string }[] }>(
        await get(paolo, '/api/operatore/richieste?page_size=100'),
      );
      expect(queue.results.every((r) => r.cliente !== 'Acme')).toBe(true);
      expect(queue.results.map((r) => r.cliente)).not.toContain('Acme S.p.A.');
      const profile = json<{ clienti: { codice: string }[] }>(await get(paolo, '/api/operatore/profilo'));
      expect(profile.clienti.map((c) => c.codice)).toEqual(['initech']);
      // Supplier keys serve every customer: only an operator of all of them issues one.
      expect((await post(paolo, '/api/operatore/fornitori/1/chiave', {})).statusCode).toBe(403);
      expect(
        (await post(paolo, '/api/operatore/codici-buoni', { nome_file: 'a.csv', contenuto: 'x' })).statusCode,
      ).toBe(403);
      const imports = json<{ cliente: string }[]>(await get(paolo, '/api/operatore/importazioni'));
      expect(imports.every((i) => i.cliente === 'Initech')).toBe(true);
    } finally {
      await t.db.deleteFrom('operator_customers').where('user_id', '=', operator.id).execute();
      await t.db
        .updateTable('operators')
        .set({ all_customers: true })
        .where('user_id', '=', operator.id)
        .execute();
    }
  });
});
