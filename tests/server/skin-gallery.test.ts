/** The skin gallery of demo mode (/dev/skins) and the demo customers of the built-in skins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInSkins } from '../../src/server/services/skin-gallery';
import { buildTestApp, type TestApp } from './helpers';

describe('skin gallery (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('knows about forty built-in skins, the default one as userportal', () => {
    const skins = builtInSkins();
    expect(skins.length).toBeGreaterThanOrEqual(40);
    expect(skins.map((s) => s.customer)).toEqual(expect.arrayContaining(['userportal', 'acme', 'globex']));
    expect(skins.map((s) => s.customer)).not.toContain('default');
    expect(skins.map((s) => s.customer)).not.toContain('initech-seed');
  });

  it("shows every skin's login card and navbar in its colours, linking to its login page", async () => {
    const page = await t.request({ method: 'GET', url: '/dev/skins' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const { customer, skin } of builtInSkins()) {
      expect(page.body).toContain(`href="/login/${customer}"`);
      expect(page.body).toContain(`background:${skin.colors.navbar_background}`);
      expect(page.body).toContain(`background:${skin.colors.primary}`);
    }
    expect(page.body).not.toMatch(/<script/);
  });

  it('seeds a customer for every built-in skin, so its login page is a real customer', async () => {
    const slugs = new Set((await t.db.selectFrom('customers').select('slug').execute()).map((c) => c.slug));
    for (const { customer } of builtInSkins()) expect(slugs.has(customer), customer).toBe(true);
  });
});

describe('skin gallery outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { demo: false }, { sharedEmpty: true });
  });
  afterAll(async () => t?.close());

  it('answers 404', async () => {
    expect((await t.request({ method: 'GET', url: '/dev/skins' })).statusCode).toBe(404);
  });
});
