/**
 * Issue 24's server test, the part tests/server/provisioning.test.ts does with `employee-add` instead:
 * with demo mode off, from a database without the demo seed, the provisioned referent uploads the bulk
 * import of her company, a provisioned operator accepts it from the console, and the employee the import made gets the welcome
 * mail, sets his password from it, enrols his second factor, signs in, sees the menu of his customer's
 * grants and files a reimbursement from the credit the import gave him. No row of the demo seed is there.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../config/routes';
import type { Provisioning } from '../../schemas/wire-types.gen';
import { declaredReference, grantRows } from '../../src/server/services/reference-data';
import { demo, enrolAndSignIn } from './auth-helpers';
import { multipart, upload } from './forms-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';
import { importStatus, row, runOperator, taxCode, type Mail, xlsx } from './import-helpers';

const GIOVANNA = 'giovanna.ferrari@fabbrica.example.com';
const EMPLOYEE = 'sara.galli@fabbrica.example.com';
const COMPANY_VAT = '12345670009';

describe.each(backends)('an employee made by the bulk import, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  const mails: Mail[] = [];
  const admin = (...argv: string[]) => runOperator(t.db, dir, mails, argv);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'welfare-issue24-import-'));
    t = await buildTestApp(backend, { demo: false, uploadsDir: dir, publicUrl: 'http://portale.test' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with no row of the demo seed, then provisions the example', async () => {
    const demoPeople = await t.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        Object.values(demo).map((person) => person.email),
      )
      .execute();
    expect(demoPeople).toEqual([]);
    const customers = await t.db.selectFrom('customers').select('slug').execute();
    expect(customers.map((c) => c.slug).filter((slug) => slug !== 'operatori')).toEqual([]);
    for (const table of ['purchases', 'credit_lines', 'movements', 'import_jobs', 'notifications'] as const) {
      const n = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    const provisioned = await admin('provision', 'examples/provisioning.json');
    expect(provisioned.err).toEqual([]);
    expect(provisioned.code).toBe(0);
  });

  it('the referent’s import, accepted, makes an employee who signs in, sees his grants and files a reimbursement', async () => {
    const company = await t.db
      .selectFrom('companies')
      .select('id_azienda')
      .where('partita_iva', '=', COMPANY_VAT)
      .executeTakeFirstOrThrow();
    const actFor = { 'act-for': String(company.id_azienda) };
    const referent = await t.login(GIOVANNA);

    // The referent uploads the sheet of her company; the validation job checks it.
    const sheet = await xlsx([
      row(1, { Email: EMPLOYEE, Cognome: 'Galli', Nome: 'Sara', 'Codice Fiscale': taxCode(2401) }),
    ]);
    const body = multipart({}, [{ field: 'csv_ordine', filename: 'dipendenti.xlsx', content: sheet }]);
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/importtools',
      token: referent,
      payload: body.payload,
      headers: { ...body.headers, ...actFor },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = json<{ id: number }>(uploaded);
    await t.app.jobs.idle();
    await expect
      .poll(importStatus(t.db, id), { timeout: 20_000, interval: 50 })
      .toMatch(/^VALIDATION_COMPLETED/);

    // A provisioned operator accepts it from the console; the job makes the employee, his credit lines
    // and the welcome mail.
    const operator = await t.login('chiara.neri@fornitore.example.com');
    const accepted = await t.request({
      method: 'POST',
      url: `/api/operatore/importazioni/${id}/accetta`,
      token: operator,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.app.jobs.idle();
    await expect
      .poll(importStatus(t.db, id), { timeout: 20_000, interval: 50 })
      .toBe('IMPORTED_SUCCESSFULLY');
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor'])
      .where('object_type', '=', 'importazione')
      .where('object_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'importazione_accettata', actor: 'chiara.neri@fornitore.example.com' }]);
    const welcome = await t.db
      .selectFrom('outbox')
      .select('text')
      .where('mail_to', '=', EMPLOYEE)
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+/.exec(welcome.text)![0];
    expect(link).toMatch(/^http:\/\/portale\.test\/password-lost\/fabbrica\/[A-Za-z0-9_-]{43}$/);

    // He sets his password from the mail (his tax code the second proof), enrols the app and signs in.
    const set = await t.request({
      method: 'POST',
      url: `/api/password_lost_reset/${link.split('/').at(-1)!}`,
      payload: { new_passwd: 'Galli!Sara2027', passwd_confirm: 'Galli!Sara2027', cod_fisc: taxCode(2401) },
    });
    expect(set.statusCode, set.body).toBe(200);
    const token = await enrolAndSignIn(t, EMPLOYEE, 'Galli!Sara2027');

    const perms = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', token }),
    );
    const granted = grantRows(declaredReference(routes))
      .profiles.filter((r) => r.profile === 'utente')
      .map((r) => r.perm)
      .sort();
    expect(Object.keys(perms).sort()).toEqual(granted);

    const credit = async () =>
      json<{ crediti: { totale: string } }>(
        await t.request({ method: 'GET', url: '/api/get_user_credit_info', token }),
      ).crediti.totale;
    expect(await credit()).toBe('1500.00');
    const sent = await t.request({
      method: 'POST',
      url: '/api/crea_richiesta/rimb-spese',
      token,
      headers: { 'idempotency-key': 'prima-richiesta-sara' },
      payload: {
        id_categ: 1,
        importo: '45.50',
        me_stesso: true,
        cod_fisc_ben: null,
        nome_ben: null,
        id_relazione_ben: null,
        docs: [
          await upload(t, token, { kind: 'doc_pagam', typeId: 2 }),
          await upload(t, token, { kind: 'doc_acq', typeId: 1 }),
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await credit()).toBe('1454.50');
  });

  it('disables with --prune only the operators a document with an operators section leaves out', async () => {
    const example = JSON.parse(readFileSync('examples/provisioning.json', 'utf8')) as Provisioning;
    const PAOLO = 'paolo.riva@fornitore.example.com';
    const disabled = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('email')
          .where('profile', '=', 'operatore')
          .where('disabled_at', 'is not', null)
          .orderBy('email')
          .execute()
      ).map((u) => u.email);
    const write = (document: object) => {
      const path = join(dir, `doc-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, JSON.stringify(document));
      return path;
    };
    const withoutPaolo = write({
      ...example,
      operators: example.operators!.filter((o) => o.email !== PAOLO),
    });
    expect((await admin('provision', withoutPaolo)).out).toEqual([
      'Nessuna modifica: il database corrisponde già al documento.',
    ]);
    expect(await disabled()).toEqual([]);
    expect((await admin('provision', withoutPaolo, '--prune')).out).toEqual([
      `operatore ${PAOLO}: disattivato`,
    ]);
    expect(await disabled()).toEqual([PAOLO]);

    // A document of customers alone (no operators section), pruned: the operators are left alone.
    const { operators: _operators, accounts: _accounts, ...customersOnly } = example;
    const pruned = await admin('provision', write(customersOnly), '--prune');
    expect(pruned.err).toEqual([]);
    expect(pruned.out.filter((line) => line.startsWith('operatore '))).toEqual([]);
    expect(await disabled()).toEqual([PAOLO]);

    // Named again: enabled again.
    expect((await admin('provision', 'examples/provisioning.json')).out).toContain(
      `operatore ${PAOLO}: aggiornato`,
    );
    expect(await disabled()).toEqual([]);
  });
});
