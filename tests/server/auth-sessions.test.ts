/**
 * The session lookup of every authenticated call (services/sessions.ts `findSession`): last-seen is
 * written at most every 30 seconds and the 30-minute idle limit still holds from the last use; the
 * permissions are read only when the call's gating needs them; get-logged-user-info answers from one
 * query what it answered from several. The query is a statement prepared once (per connection on
 * PostgreSQL, per session on PGlite): a session revoked, or a user disabled or gone, is still refused
 * at the very next call.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../config/constants';
import { messages } from '../../src/server/messages';
import type { FastifyRequest } from 'fastify';
import { authorizeCall } from '../../src/server/plugins/access';
import { hasPopup } from '../../src/server/services/info-popup';
import {
  TOUCH_EVERY_MS,
  createSession,
  findSession,
  hashToken,
  type SessionAccess,
} from '../../src/server/services/sessions';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const MINUTE = 60_000;

describe.each(backends)('session lookup (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => t?.close());

  const lastSeen = async (token: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow()
    ).last_seen_at.getTime();

  it('writes last-seen at most every 30 seconds, and expires 30 minutes after the last written use', async () => {
    expect(TOUCH_EVERY_MS).toBe(30_000);
    const start = new Date(Date.now() - 60 * MINUTE);
    const token = await createSession(t.db, 'mario.rossi@example.com', { at: start });
    const at = (ms: number) => new Date(start.getTime() + ms);

    // Used 20 s later: no write (last-seen stays at the start).
    expect(await findSession(t.db, token, { now: at(20_000) })).not.toBeNull();
    expect(await lastSeen(token)).toBe(start.getTime());
    // Used 40 s after the start: written.
    expect(await findSession(t.db, token, { now: at(40_000) })).not.toBeNull();
    expect(await lastSeen(token)).toBe(at(40_000).getTime());
    // A use 25 s after that write is not written: the idle limit counts from the write, so the
    // session lives until 30 minutes after it, at most 30 s less than after the last use.
    expect(await findSession(t.db, token, { now: at(65_000) })).not.toBeNull();
    expect(await lastSeen(token)).toBe(at(40_000).getTime());
    const idle = constants.sessionIdleMinutes * MINUTE;
    expect(await findSession(t.db, token, { now: at(40_000 + idle + 1) })).toBeNull();
    expect(await findSession(t.db, token, { now: at(40_000 + idle - 1) })).not.toBeNull();
    // That use was written: 30 minutes from it, the session is still alive.
    expect(await lastSeen(token)).toBe(at(40_000 + idle - 1).getTime());
    expect(await findSession(t.db, token, { now: at(40_000 + 2 * idle - 2) })).not.toBeNull();
  });

  it('runs the session query as one statement prepared once per connection (PostgreSQL) or session (PGlite)', async () => {
    const token = await t.login('mario.rossi@example.com');
    // A transaction holds one connection: the view lists that connection's prepared statements.
    const named = await t.db.transaction().execute(async (trx) => {
      const listed = async () =>
        (
          await sql<{ name: string; statement: string }>`
            SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'welfare_%' ORDER BY name`.execute(
            trx,
          )
        ).rows;
      const first = await findSession(trx, token, { now: new Date() });
      const prepared = await listed();
      const second = await findSession(trx, token, { now: new Date() });
      expect(second).toEqual(first);
      // The second run prepared nothing more.
      expect(await listed()).toEqual(prepared);
      return prepared;
    });
    const sessionStatements = named.filter((row) => row.statement.includes('"sessions" as "s"'));
    if (backend === 'postgres') {
      expect(named).toHaveLength(1);
      expect(sessionStatements).toHaveLength(1);
    } else {
      // PGlite is one session: it holds the variants the earlier tests ran too (permissions or not).
      expect(sessionStatements.length).toBeGreaterThanOrEqual(1);
      expect(new Set(named.map((row) => row.name)).size).toBe(named.length);
    }
  });

  it('refuses at the next call a session revoked, a user disabled or gone, after the statement ran', async () => {
    const call = (token: string) => t.request({ method: 'GET', url: '/api/get-logged-user-info', token });
    const user = await createTestUser(t.db, 'sessione.preparata@example.com');
    const cases: Array<[string, (token: string) => Promise<unknown>]> = [
      [
        'revoked',
        (token) =>
          t.db
            .updateTable('sessions')
            .set({ revoked_at: new Date() })
            .where('token_hash', '=', hashToken(token))
            .execute(),
      ],
      [
        'disabled',
        () =>
          t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', user.userId).execute(),
      ],
      [
        'cessato',
        () => t.db.updateTable('users').set({ is_cessato: true }).where('id', '=', user.userId).execute(),
      ],
    ];
    for (const [what, end] of cases) {
      await t.db
        .updateTable('users')
        .set({ disabled_at: null, is_cessato: false })
        .where('id', '=', user.userId)
        .execute();
      const token = await createSession(t.db, user.userId);
      // Enough runs for PostgreSQL to settle on a generic plan of the prepared statement.
      for (let i = 0; i < 7; i++) expect((await call(token)).statusCode, what).toBe(200);
      await end(token);
      const refused = await call(token);
      expect(refused.statusCode, what).toBe(401);
      expect(json(refused), what).toEqual({ detail: messages.apiInvalidToken });
    }
  });

  it('reads the permissions only when asked, and a gated call without them is refused', async () => {
    const token = await t.login('mario.rossi@example.com');
    const full = await findSession(t.db, token);
    expect(full?.perms?.length).toBeGreaterThan(0);
    const lean = await findSession(t.db, token, { withPerms: false });
    expect(lean?.perms).toBeNull();
    expect({ ...lean, perms: full?.perms }).toEqual(full);
    // The rule fails closed on a session read without its permissions.
    const gated = { routeOptions: { config: { route: 'menu' } }, server: t.app } as FastifyRequest;
    expect(() => authorizeCall(gated, lean as SessionAccess)).toThrow();
    expect(() => authorizeCall(gated, full as SessionAccess)).not.toThrow();
    // Through the app: a login-only call and a gated one both answer.
    expect((await t.request({ method: 'GET', url: '/api/get-logged-user-info', token })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'GET', url: '/api/info_popup', token })).statusCode).toBe(200);
  });

  it('answers get-logged-user-info of a referent acting for another company, with the popup flag', async () => {
    const token = await t.login('laura.bianchi@example.com');
    const other = await t.db
      .selectFrom('referent_companies as rc')
      .innerJoin('users as u', 'u.id', 'rc.user_id')
      .innerJoin('companies as c', 'c.id_azienda', 'rc.company_id')
      .select(['c.id_azienda', 'c.nome'])
      .where('u.email', '=', 'laura.bianchi@example.com')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ act_for: other.id_azienda })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const answer = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token });
    expect(answer.statusCode).toBe(200);
    const body = json<{
      profile: string;
      user_credito: { totale: string; per_fonte: Record<string, string> };
      session_infos: { act_for: { id: number; nome: string } | null; show_user_info_popup: boolean };
    }>(answer);
    expect(body.profile).toBe('ref_aziendale');
    expect(body.session_infos.act_for).toEqual({ id: other.id_azienda, nome: other.nome });
    const credit = json<{ crediti: { totale: string; per_fonte: Record<string, string> } }>(
      await t.request({ method: 'GET', url: '/api/get_user_credit_info', token }),
    );
    expect(body.user_credito.totale).toBe(credit.crediti.totale);
    expect(body.user_credito.per_fonte).toEqual(credit.crediti.per_fonte);
    const popup = json<{ popup_content: string }>(
      await t.request({ method: 'GET', url: '/api/info_popup', token }),
    );
    expect(body.session_infos.show_user_info_popup).toBe(popup.popup_content !== '');
  });
  it('flags the popup in get-logged-user-info by the same rule as the popup call (blank is none)', async () => {
    // The session query reads a flag (hasPopupSql), not the HTML: it must agree with hasPopup, also on
    // the Unicode blanks that JavaScript's trim removes.
    const token = await t.login('giulia.verdi@example.com');
    const user = await t.db
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', 'giulia.verdi@example.com')
      .executeTakeFirstOrThrow();
    const flag = async () =>
      json<{ session_infos: { show_user_info_popup: boolean } }>(
        await t.request({ method: 'GET', url: '/api/get-logged-user-info', token }),
      ).session_infos.show_user_info_popup;
    expect(await flag()).toBe(false);
    const contents = [
      '',
      ' ',
      '\t\n\r\v\f',
      '\u00a0\u2003\u2028\u2029\u3000\ufeff',
      ' <p>Avviso</p> ',
      '\u00a0x\u00a0',
      'é',
      '\\',
    ];
    await t.db.insertInto('info_popups').values({ customer_id: user.customer_id, content: '' }).execute();
    try {
      for (const content of contents) {
        await t.db
          .updateTable('info_popups')
          .set({ content })
          .where('customer_id', '=', user.customer_id)
          .execute();
        expect({ content, shown: await flag() }).toEqual({ content, shown: hasPopup(content) });
      }
    } finally {
      await t.db.deleteFrom('info_popups').where('customer_id', '=', user.customer_id).execute();
    }
  });
});
