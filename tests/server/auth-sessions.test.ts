/**
 * The session lookup of every authenticated call (services/sessions.ts `findSession`): last-seen is
 * written at most every 30 seconds and the 30-minute idle limit still holds from the last use; the
 * permissions are read only when the call's gating needs them; get-logged-user-info answers from one
 * query what it answered from several.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../config/constants';
import type { FastifyRequest } from 'fastify';
import { authorizeCall } from '../../src/server/plugins/access';
import {
  TOUCH_EVERY_MS,
  createSession,
  findSession,
  hashToken,
  type SessionAccess,
} from '../../src/server/services/sessions';
import { backends, buildTestApp, json, type TestApp } from './helpers';

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

  it('runs the session query as one statement prepared once per connection on PostgreSQL', async () => {
    const token = await t.login('mario.rossi@example.com');
    // A transaction holds one connection: the view lists that connection's prepared statements.
    const named = await t.db.transaction().execute(async (trx) => {
      const first = await findSession(trx, token, { now: new Date() });
      const second = await findSession(trx, token, { now: new Date() });
      expect(second).toEqual(first);
      const rows = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'welfare_%'`.execute(trx);
      return rows.rows;
    });
    if (backend === 'postgres') {
      expect(named).toHaveLength(1);
      expect(named[0]?.statement).toContain('"sessions" as "s"');
    } else {
      // PGlite is one in-process session: nothing to prepare per connection, statements go unnamed.
      expect(named).toHaveLength(0);
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
});
