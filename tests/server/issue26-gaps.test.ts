/**
 * Issue 26, what tests/server/operator-console.test.ts leaves unchecked (found by reading the issue
 * against the tests): every operator call is refused to an employee and a referent, and every employee or
 * referent call to an operator (the console's plugin fails closed, the auth hook keeps operators in it);
 * the console's calls all live under /api/operatore/ and registering one elsewhere stops the start; the
 * approval and the rejection each reach the employee as an in-app notice and a mail; the database itself
 * refuses a request in two open batches; the terminal's `pay` and `reject` go through the audit log; the
 * README's demo users carry the TOTP secrets the demo seeds.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRules } from '../../config/operator-console';
import { routes } from '../../config/routes';
import { runAdmin } from '../../src/server/admin';
import { buildApp } from '../../src/server/app';
import { DEMO_OPERATORS } from '../../src/server/db/seed-operators';
import { formatMessage } from '../../src/server/messages';
import { checkRouteDeclaration, markOperatorContext } from '../../src/server/plugins/access';
import { romeDate } from '../../src/server/services/calendar';
import { addCredit, debitPurchase } from '../../src/server/services/ledger';
import { addWorkingDays } from '../../src/server/services/request-life';
import { formatEuro } from '../../src/shared/money';
import { demo } from './auth-helpers';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp, testCreditDates } from './helpers';
import { userIdOf } from './forms-helpers';

const [CHIARA, PAOLO] = DEMO_OPERATORS;

/** The calls outside the console an operator's session may make (config `operatorToo`). */
const OPERATOR_TOO = new Set([
  'GET /api/get-logged-user-info',
  'GET /api/get_menu_perms',
  'POST /api/logout',
  'POST /api/password_change',
]);

/** A concrete address for a registered url: every parameter 1, a wildcard a word. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x');

describe.each(backends)('issue 26, the rest (%s)', (backend) => {
  let t: TestApp;
  let chiara: string;
  let paolo: string;
  let mario: string;
  let laura: string;
  let marioId: number;

  beforeAll(async () => {
    t = await buildTestApp(backend, { publicUrl: 'http://portale.test' });
    [chiara, paolo, mario, laura] = await Promise.all([
      t.login(CHIARA.email),
      t.login(PAOLO.email),
      t.login(demo.mario.email),
      t.login(demo.laura.email),
    ]);
    marioId = await userIdOf(t, demo.mario.email);
    await addCredit(t.db, {
      userId: marioId,
      fonte: 1,
      amountCents: 500_000,
      ...testCreditDates(),
      oggetto: 'Credito di prova',
    });
  });
  afterAll(async () => t?.close());

  const apiCalls = () =>
    t.app.routeList.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/openapi.json' &&
        r.method !== 'HEAD',
    );
  const call = (method: string, url: string, token: string) =>
    t.request({
      method: method as 'GET',
      url: concrete(url),
      token,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  const isOperatorRoute = (name: string | undefined) =>
    name !== undefined &&
    Object.hasOwn(routes, name) &&
    routes[name as keyof typeof routes].group === 'operatore';

  /** A reimbursement request of mario's through the ledger (as the console's own test makes them). */
  const newRequest = async (amountCents: number) =>
    (
      await debitPurchase(t.db, {
        userId: marioId,
        kind: 1,
        amountCents,
        source: 'totale',
        oggetto: 'Spese mediche',
        soggetto: 'Mario Rossi',
        formRoute: 'rimb-spese',
        payload: { id_categ: 1, importo: (amountCents / 100).toFixed(2) },
      })
    ).purchase.id;
  const detail = async (token: string, id: number) => {
    const response = await t.request({ method: 'GET', url: `/api/operatore/richieste/${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ versione: number; stato: string }>(response);
  };
  const decide = (token: string, id: number, body: object) =>
    t.request({ method: 'POST', url: `/api/operatore/richieste/${id}/decisione`, token, payload: body });

  it('puts every console call under /api/operatore/, each naming an operator route, and the reverse', () => {
    const calls = apiCalls();
    const console = calls.filter((r) => r.url.startsWith('/api/operatore/'));
    expect(console.length).toBeGreaterThan(10);
    for (const r of calls) {
      expect(isOperatorRoute(r.config.route), `${r.method} ${r.url}`).toBe(
        r.url.startsWith('/api/operatore/'),
      );
    }
  });

  it('refuses every console call to an employee and a referent (403), and to no session (401)', async () => {
    const console = apiCalls().filter((r) => r.url.startsWith('/api/operatore/'));
    for (const { method, url } of console) {
      for (const [who, token] of [
        ['mario', mario],
        ['laura', laura],
      ] as const) {
        const response = await call(method, url, token);
        expect(response.statusCode, `${who}: ${method} ${url} ${response.body}`).toBe(403);
      }
      expect((await call(method, url, '')).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses an operator every employee and referent call (403) but sign-out, password and the shell', async () => {
    const others = apiCalls().filter((r) => !r.url.startsWith('/api/operatore/') && r.config.public !== true);
    expect(others.length).toBeGreaterThan(40);
    for (const { method, url } of others) {
      const key = `${method} ${url}`;
      if (OPERATOR_TOO.has(key)) continue;
      const response = await call(method, url, paolo);
      expect(response.statusCode, `${key} ${response.body}`).toBe(403);
    }
    for (const key of OPERATOR_TOO) {
      const [method, url] = key.split(' ') as [string, string];
      if (method === 'GET') expect((await call(method, url, paolo)).statusCode, key).toBe(200);
    }
    // The operator's session outlived the sweep: nothing above closed it.
    expect((await t.request({ method: 'GET', url: '/api/operatore/profilo', token: paolo })).statusCode).toBe(
      200,
    );
  });

  it('stops the start for a console call registered outside the console, or a second console', async () => {
    const probe =
      (url: string, route: string): FastifyPluginAsync =>
      async (app) => {
        app.get(
          url,
          {
            config: { route },
            schema: {
              summary: 'Chiamata di prova',
              tags: ['prova'],
              response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
            },
          },
          async () => ({ ok: true }),
        );
      };
    const appWith = (...extraRoutes: FastifyPluginAsync[]) =>
      buildApp({
        env: { TICKET_SECRET: TEST_TICKET_SECRET },
        logger: false,
        staticDir: null,
        demo: false,
        database: t.app.database,
        extraRoutes,
      });
    await expect(appWith(probe('/api/prova_operatore', 'operatore-registro'))).rejects.toThrow(
      /solo nel plugin routes\/operator/,
    );
    const secondConsole: FastifyPluginAsync = async (app) => {
      markOperatorContext(app);
      await probe('/api/operatore/prova', 'operatore-registro')(app, {});
    };
    await expect(appWith(secondConsole)).rejects.toThrow(/un solo plugin/);
    // Inside the console, a call naming an employee's route is refused as it is declared.
    expect(() =>
      checkRouteDeclaration(
        t.app.routeRules,
        { method: 'GET', url: '/api/operatore/prova', config: { route: 'dashmovimenti' } },
        false,
        true,
      ),
    ).toThrow(/ogni chiamata nomina una route del gruppo operatore/);
  });

  it('shows on a request’s page the employee, company, form, beneficiary and the credit lines it draws on', async () => {
    const request = async (payload: object) =>
      (
        await debitPurchase(t.db, {
          userId: marioId,
          kind: 1,
          amountCents: 6_070,
          source: 'totale',
          oggetto: 'Spese mediche',
          soggetto: 'Mario Rossi',
          formRoute: 'rimb-spese',
          payload: { id_categ: 1, importo: '60.70', ...payload },
        })
      ).purchase.id;
    type Page = {
      dipendente: { email: string; nome: string; cognome: string };
      azienda: { nome: string };
      cliente: { codice: string };
      modulo: string;
      modulo_titolo: string | null;
      beneficiario: string | null;
      linee_credito: { id: number; importo: string }[];
      storia: { evento: string }[];
    };
    const page = async (id: number) =>
      json<Page>(await t.request({ method: 'GET', url: `/api/operatore/richieste/${id}`, token: chiara }));

    const forFamily = await request({
      me_stesso: false,
      cod_fisc_ben: 'RSSLRA10A41H501X',
      nome_ben: 'Lara Rossi',
      id_relazione_ben: 1,
    });
    const family = await page(forFamily);
    expect(family).toMatchObject({
      dipendente: { email: demo.mario.email, nome: 'Mario', cognome: 'Rossi' },
      azienda: { nome: 'Acme S.p.A.' },
      cliente: { codice: 'acme' },
      modulo: 'rimb-spese',
      beneficiario: 'Lara Rossi',
    });
    expect(family.modulo_titolo).toBeTruthy();
    expect(family.storia.map((s) => s.evento)).toEqual(['inviata', 'in_verifica']);
    const allocations = await t.db
      .selectFrom('purchase_allocations')
      .select(['credit_line_id', 'importo'])
      .where('purchase_id', '=', forFamily)
      .orderBy('credit_line_id')
      .execute();
    expect(family.linee_credito.map((l) => [l.id, l.importo])).toEqual(
      allocations.map((a) => [a.credit_line_id, (a.importo / 100).toFixed(2)]),
    );
    const drawn = family.linee_credito.reduce((sum, l) => sum + Math.round(Number(l.importo) * 100), 0);
    expect(drawn).toBe(6_070);

    const forHimself = await page(await request({ me_stesso: true }));
    expect(forHimself.beneficiario).toBe('Mario Rossi');
  });

  it('filters the queue by customer and by age, the counts following the filter', async () => {
    const id = await newRequest(1_357);
    const customers = Object.fromEntries(
      (await t.db.selectFrom('customers').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
    );
    type Queue = { count: number; conteggi: Record<string, number>; results: { id_acquisto: number }[] };
    const queue = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/operatore/richieste?page_size=100&${query}`,
        token: chiara,
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<Queue>(response);
    };
    const ids = (q: Queue) => q.results.map((r) => r.id_acquisto);
    const awaitingOf = async (customerId: number) =>
      Number(
        (
          await t.db
            .selectFrom('purchases as p')
            .innerJoin('users as u', 'u.id', 'p.user_id')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('u.customer_id', '=', customerId)
            .where('p.review_state', 'in', ['inviata', 'in_verifica', 'documenti_richiesti'])
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Oldest first: its own amount brings the new request onto the first page.
    const mine = 'importo_min=13.57&importo_max=13.57';
    expect(ids(await queue(`cliente=${customers.acme}&${mine}`))).toContain(id);
    expect(ids(await queue(`cliente=${customers.globex}&${mine}`))).not.toContain(id);
    const acme = await queue(`cliente=${customers.acme}`);
    expect(acme.count).toBe(await awaitingOf(customers.acme!));
    const globex = await queue(`cliente=${customers.globex}`);
    expect(globex.count).toBe(await awaitingOf(customers.globex!));

    // Age: sent just now, it is not among those waiting two days or more, until it has waited three.
    expect(ids(await queue(`giorni_min=2&${mine}`))).not.toContain(id);
    await t.db
      .updateTable('purchases')
      .set({ created: new Date(Date.now() - 3 * 86_400_000) })
      .where('id', '=', id)
      .execute();
    expect(ids(await queue(`giorni_min=2&${mine}`))).toContain(id);
    const old = await queue('giorni_min=2');
    expect(old.count).toBe(Object.values(old.conteggi).reduce((a, b) => a + b, 0));
    const negative = await t.request({
      method: 'GET',
      url: '/api/operatore/richieste?giorni_min=-1',
      token: chiara,
    });
    expect(negative.statusCode).toBe(400);
  });

  it('tells the employee of an approval and of a rejection, in the app and by mail', async () => {
    const notices = (id: number) =>
      t.db
        .selectFrom('notifications as n')
        .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
        .select('n.testo')
        .where('r.user_id', '=', marioId)
        .where('n.id_riferimento', '=', String(id))
        .execute();
    const mails = (id: number) =>
      t.db
        .selectFrom('outbox')
        .select(['subject', 'text'])
        .where('mail_to', '=', demo.mario.email)
        .where('subject', 'like', `Richiesta n. ${id}:%`)
        .execute();

    const approvedId = await newRequest(4_250);
    const open = await detail(paolo, approvedId);
    expect((await decide(paolo, approvedId, { azione: 'approva', versione: open.versione })).statusCode).toBe(
      200,
    );
    const approvedText = (await notices(approvedId)).map((n) => n.testo);
    expect(approvedText).toHaveLength(1);
    expect(approvedText[0]).toContain(
      `La tua richiesta n. ${approvedId} (Spese mediche) di ${formatEuro(4_250)} è stata approvata.`,
    );
    expect(approvedText[0]).toMatch(/Il pagamento è previsto entro il \d{2}-\d{2}-\d{4}\./);
    const approvedMail = await mails(approvedId);
    expect(approvedMail).toHaveLength(1);
    expect(approvedMail[0]!.subject).toBe(
      formatMessage('apiNoticeMailSubject', { id: String(approvedId), stato: 'approvata' }),
    );
    expect(approvedMail[0]!.text).toContain(approvedText[0]!);
    expect(approvedMail[0]!.text).toContain(`http://portale.test/richieste/${approvedId}`);

    const rejectedId = await newRequest(1_999);
    const again = await detail(paolo, rejectedId);
    const rejected = await decide(paolo, rejectedId, {
      azione: 'rifiuta',
      versione: again.versione,
      motivo: 'documenti-non-validi',
      nota: 'Scontrino illeggibile',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const rejectedText = (await notices(rejectedId)).map((n) => n.testo);
    expect(rejectedText).toHaveLength(1);
    expect(rejectedText[0]).toContain(`n. ${rejectedId}`);
    expect(rejectedText[0]).toContain('Documenti non validi o illeggibili – Scontrino illeggibile');
    const rejectedMail = await mails(rejectedId);
    expect(rejectedMail.map((m) => m.subject)).toEqual([
      formatMessage('apiNoticeMailSubject', { id: String(rejectedId), stato: 'rifiutata' }),
    ]);
    expect(rejectedMail[0]!.text).toContain('Scontrino illeggibile');
  });

  it('refuses, in the database, a request in two open batches', async () => {
    const id = await newRequest(3_100);
    const { versione } = await detail(chiara, id);
    expect((await decide(chiara, id, { azione: 'approva', versione })).statusCode).toBe(200);
    const conto = json<{ conti: { id: number }[] }>(
      await t.request({ method: 'GET', url: '/api/operatore/pagamenti', token: chiara }),
    ).conti[0]!.id;
    const day = addWorkingDays(romeDate(), 3);
    const made = await t.request({
      method: 'POST',
      url: '/api/operatore/pagamenti',
      token: chiara,
      payload: { conto, data_esecuzione: day },
    });
    expect(made.statusCode, made.body).toBe(200);
    const first = json<{ id: number }>(made).id;
    const item = await t.db
      .selectFrom('payout_items')
      .selectAll()
      .where('purchase_id', '=', id)
      .executeTakeFirstOrThrow();
    // A second batch written by hand, past the service: the unique index of open items refuses the item.
    const second = await t.db
      .insertInto('payout_batches')
      .values({
        account_id: conto,
        execution_date: day,
        message_id: `WLF-PROVA-${Date.now()}`,
        total: item.importo,
        transfers: 1,
        created_by: null,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('payout_items')
        .values({
          batch_id: second.id,
          purchase_id: id,
          importo: item.importo,
          iban: item.iban,
          beneficiario: item.beneficiario,
        })
        .execute(),
    ).rejects.toThrow(/payout_items_one_open_idx|duplicate key|unique/i);
    await t.db.deleteFrom('payout_batches').where('id', '=', second.id).execute();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/operatore/pagamenti/${first}/annulla`,
          token: chiara,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });

  it('writes the terminal’s reject and pay to the audit log, in the console’s services', async () => {
    const lines: string[] = [];
    const admin = (...argv: string[]) =>
      runAdmin(argv, {
        db: t.db,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
        imports: {
          uploadsDir: '/nonexistent',
          baseUrl: 'http://portale.test',
          sendMail: async () => undefined,
        },
      });
    const toReject = await newRequest(1_234);
    expect(await admin('reject', String(toReject), '--motivo', 'spesa-non-ammessa'), lines.join('\n')).toBe(
      0,
    );
    const toPay = await newRequest(2_345);
    expect(await admin('approve', String(toPay)), lines.join('\n')).toBe(0);
    expect(await admin('pay', String(toPay)), lines.join('\n')).toBe(0);
    const rows = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor', 'object_id'])
      .where('object_type', '=', 'richiesta')
      .where('object_id', 'in', [String(toReject), String(toPay)])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'rifiuto', actor: 'terminale', object_id: String(toReject) },
      { action: 'approvazione', actor: 'terminale', object_id: String(toPay) },
      { action: 'pagamento_manuale', actor: 'terminale', object_id: String(toPay) },
    ]);
  });

  it('refuses the terminal’s pay of a request in an open batch, or of one not approved', async () => {
    const lines: string[] = [];
    const admin = (...argv: string[]) =>
      runAdmin(argv, {
        db: t.db,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
        imports: {
          uploadsDir: '/nonexistent',
          baseUrl: 'http://portale.test',
          sendMail: async () => undefined,
        },
      });
    // Above the four-eyes amount and never approved: paying it would skip both operators.
    const big = await newRequest(operatorRules.fourEyesAboveCents + 100);
    expect(await admin('pay', String(big))).toBe(1);
    expect(lines.at(-1)).toMatch(/non è approvata/);
    expect((await detail(chiara, big)).stato).toBe('in_verifica');

    const id = await newRequest(2_900);
    const { versione } = await detail(chiara, id);
    expect((await decide(chiara, id, { azione: 'approva', versione })).statusCode).toBe(200);
    const conto = json<{ conti: { id: number }[] }>(
      await t.request({ method: 'GET', url: '/api/operatore/pagamenti', token: chiara }),
    ).conti[0]!.id;
    const made = await t.request({
      method: 'POST',
      url: '/api/operatore/pagamenti',
      token: chiara,
      payload: { conto, data_esecuzione: addWorkingDays(romeDate(), 4) },
    });
    expect(made.statusCode, made.body).toBe(200);
    const batch = json<{ id: number }>(made).id;
    expect(await admin('pay', String(id))).toBe(1);
    expect(lines.at(-1)).toMatch(new RegExp(`lotto di pagamento n\\. ${batch}`));
    // The batch still executes, and pays the request once.
    const executed = await t.request({
      method: 'POST',
      url: `/api/operatore/pagamenti/${batch}/eseguito`,
      token: chiara,
      payload: {},
    });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(
      (await t.db.selectFrom('purchases').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pagato');
  });

  it('lists in the README’s demo users the TOTP secrets the demo seeds, the two operators included', async () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Demo users'), readme.indexOf('## Other scripts'));
    const rows = [...table.matchAll(/^\| ([^\s|]+@[^\s|]+) \|[^|]*\| TOTP secret `([A-Z2-7]+)`/gm)].map(
      (m) => [m[1]!, m[2]!] as const,
    );
    expect(rows.map(([email]) => email)).toEqual(expect.arrayContaining(DEMO_OPERATORS.map((o) => o.email)));
    for (const [email, secret] of rows) {
      const user = await t.db
        .selectFrom('users')
        .select('totp_secret')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.totp_secret, email).toBe(secret);
    }
  });
});
