/**
 * An installation's overlay (config/extensions; config/README.md, "Per-installation declarations") in the
 * server, with demo mode off: config/extensions/index.ts is the proof's overlay (tests/fixtures/proof), as
 * `npm run serve` makes it with WELFARE_EXTENSIONS. The app starts (its routes gated and granted, its
 * partner and form checked like the product's); the employee holds the installation's key and reaches its
 * calls; the referent, whose grants lose the key, gets 403 from them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PROOF_CUSTOMER,
  PROOF_EMPLOYEE,
  PROOF_REFERENT,
  provisionProofPeople,
} from '../fixtures/proof/people';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

vi.mock('../../config/extensions/index.ts', async () => import('../fixtures/proof/extensions'));

describe.each(backends)('the installation overlay on %s, demo mode off', (backend) => {
  let t: TestApp;
  let employee: string;
  let referent: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      demo: false,
      env: { TICKET_SECRET: TEST_TICKET_SECRET, PARTNER_KEY_PALESTRA_PROVA: 'k'.repeat(40) },
    });
    await provisionProofPeople(t.db);
    [employee, referent] = await Promise.all([t.login(PROOF_EMPLOYEE), t.login(PROOF_REFERENT)]);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const perms = async (token: string) =>
    Object.keys(
      json<Record<string, boolean>>(
        await t.request({
          method: 'GET',
          url: '/api/get_menu_perms',
          token,
          headers: { customer: PROOF_CUSTOMER },
        }),
      ),
    );

  it("grants the installation's key to the employee and takes it from the referent", async () => {
    expect(await perms(employee)).toContain('prova-welfare');
    expect(await perms(referent)).not.toContain('prova-welfare');
  });

  it("serves the overlay's form to the employee only", async () => {
    const send = (token: string) =>
      t.request({
        method: 'POST',
        url: '/api/crea_richiesta/rimb-sport',
        token,
        headers: { customer: PROOF_CUSTOMER, 'idempotency-key': `overlay-${token.slice(0, 8)}` },
        payload: { importo: '10.00', note: 'x', docs: [] },
      });
    expect((await send(referent)).statusCode).toBe(403);
    // The employee reaches the form's own checks (a description of one character is refused), not the gate.
    const answer = await send(employee);
    expect(answer.statusCode).toBe(400);
  });

  it("serves the overlay's partner login to the employee only", async () => {
    const login = (token: string) =>
      t.request({
        method: 'POST',
        url: '/api/partner_login/prova-palestra',
        token,
        headers: { customer: PROOF_CUSTOMER },
        payload: {},
      });
    expect((await login(referent)).statusCode).toBe(403);
    expect((await login(employee)).statusCode).not.toBe(403);
  });
});
