/**
 * A plain form declared only in tests/fixtures/plain-forms reaches a real call of the server (issue 10
 * item 3): the body the engine builds from its form data (the shared payload builder, `toPayload`) is
 * accepted by the call the declaration names, with the method it names, and does its work. The
 * server knows nothing of the form: the call is an existing one (`POST /api/previdenza_info_accept`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayload } from '../../src/shared/forms';
import { informativaProva } from '../fixtures/plain-forms/informativa-prova';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

describe.each(backends)('a fixture plain form sent to its declared call (%s)', (backend) => {
  let t: TestApp;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    // No demo seed: one user of its own is all this needs.
    t = await buildTestApp(backend, { demo: false });
    const user = await createTestUser(t.db);
    userId = user.userId;
    // The call serves the pension route: the user holds its permission and the credit threshold.
    await t.db.updateTable('users').set({ threshold_ok: true }).where('id', '=', userId).execute();
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: userId, perm: 'conv-previdenza-integrativa' })
      .execute();
    token = await t.login(user.email);
  });

  afterAll(async () => {
    await t?.close();
  });

  const accepted = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('previdenza_is_ok')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).previdenza_is_ok;

  it('accepts the payload the engine builds and does what the call does', async () => {
    const { submit } = informativaProva;
    expect(submit.encoding).toBe('json');
    // What the form holds when ticked, with a display-only stray value the builder must not send.
    const payload = toPayload(informativaProva, { previdenza_is_ok: true, nascosto: undefined });
    expect(payload).toEqual({ previdenza_is_ok: true });
    expect(await accepted()).toBe(false);

    const response = await t.request({ method: submit.method, url: `/api${submit.path}`, token, payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ previdenza_is_ok: true });
    expect(await accepted()).toBe(true);
  });

  it('the same call refuses what the form itself would refuse (unticked), and needs a login', async () => {
    const { submit } = informativaProva;
    const unticked = toPayload(informativaProva, { previdenza_is_ok: false });
    const refused = await t.request({
      method: submit.method,
      url: `/api${submit.path}`,
      token,
      payload: unticked,
    });
    expect(refused.statusCode).toBe(400);
    const anonymous = await t.request({
      method: submit.method,
      url: `/api${submit.path}`,
      payload: toPayload(informativaProva, { previdenza_is_ok: true }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
