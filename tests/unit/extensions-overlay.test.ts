/**
 * The installation's overlay (config/extensions; config/README.md, "Per-installation declarations")
 * selected by `WELFARE_EXTENSIONS` in Node, as `npm run serve` and `npm run admin` run the server
 * (scripts/extensions-hook.mjs): every registry of config/ sees the overlay's declarations, and without
 * the variable none of them. The portal's side (the Vite plugin) is proved by
 * tests/e2e/declarations-proof.e2e.ts, which builds the portal with the same file.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { extensionSchemaDirs, extensionsFile } from '../../scripts/welfare-extensions.mjs';

const OVERLAY = 'tests/fixtures/proof/extensions.ts';

/** What the registries hold, read by a Node process started the way `npm run serve` starts. */
const PROBE = `
const [routes, permissions, menu, support, pages, forms] = await Promise.all([
  import('./config/routes.ts'), import('./config/permissions.ts'), import('./config/menu.ts'),
  import('./config/support-categories.ts'), import('./config/pages.ts'), import('./config/forms/index.ts'),
]);
console.log(JSON.stringify({
  route: routes.routes['prova-palestra'] ?? null,
  builtIn: routes.routes['rimb-spese'].path,
  utente: permissions.profileGrants.utente.add ?? [],
  referent: permissions.profileGrants.ref_aziendale.remove ?? [],
  sections: menu.menu.map((section) => section.key),
  categories: support.supportCategories.map((category) => category.id),
  pages: pages.pages.filter((page) => page.route.startsWith('prova-')).map((page) => page.kind + ':' + page.route),
  form: forms.findForm('rimb-sport')?.schemaId ?? null,
}));
`;

async function probe(env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/extensions-hook.mjs', '--input-type=module', '-e', PROBE],
    { env: { ...process.env, ...env } },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('WELFARE_EXTENSIONS in Node (npm run serve, npm run admin)', () => {
  it('every registry sees the overlay', async () => {
    const seen = await probe({ WELFARE_EXTENSIONS: OVERLAY });
    expect(seen.route).toEqual({
      path: '/prova/prova-palestra',
      group: 'benefits',
      access: 'login',
      permission: 'prova-welfare',
    });
    expect(seen.builtIn).toBe('/base-request/rimb-spese/{-$id_acq_replay}');
    expect(seen.utente).toContain('prova-welfare');
    expect(seen.referent).toContain('prova-welfare');
    expect(seen.sections).toContain('prova-azienda');
    expect(seen.categories).toContain('welfare-azienda');
    // The proof's overlay grows (one page of every kind): these at least.
    expect(seen.pages).toEqual(
      expect.arrayContaining(['partner:prova-palestra', 'content:prova-regolamento', 'table:prova-ufficio']),
    );
    expect(seen.form).toBe('form-rimb-proof');
  }, 60_000);

  it('without the variable the product is as built', async () => {
    const seen = await probe({ WELFARE_EXTENSIONS: '' });
    expect(seen.route).toBeNull();
    expect(seen.sections).not.toContain('prova-azienda');
    expect(seen.categories).not.toContain('welfare-azienda');
    expect(seen.pages).toEqual([]);
    expect(seen.form).toBeNull();
  }, 60_000);

  it('names the overlay file and its forms folder; a missing file stops the start', () => {
    expect(extensionsFile({ WELFARE_EXTENSIONS: OVERLAY })).toBe(resolve(OVERLAY));
    expect(extensionSchemaDirs({ WELFARE_EXTENSIONS: OVERLAY })).toEqual([
      resolve('tests/fixtures/proof/forms'),
    ]);
    expect(extensionsFile({})).toBeNull();
    expect(() => extensionsFile({ WELFARE_EXTENSIONS: 'tests/fixtures/proof/manca.ts' })).toThrow(
      /non esiste/,
    );
  });
});
