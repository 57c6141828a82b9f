import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import { findPageByPath, findPageByRoute, pagePath, pages } from '../../config/pages';
import { partners } from '../../config/partners';
import { isRouteName, routes, type RouteRule } from '../../config/routes';
import { resolvePage } from '../../src/client/routes/-page-resolver';
import { screenPages } from '../../src/client/routes/-screens';

/**
 * The portal's file routes agree with config/routes.ts (ARCHITECTURE.md §4 "Route gating"): each route
 * file's full path is the declared `path` of the route name it guards with `guardRoute('<name>')`, a
 * public page uses the public guard on a public path, and the form route guards every form with its
 * own name. Read from the route files themselves (their `createFileRoute('<id>')` and guard calls),
 * so a renamed file, a moved folder or a guard copied from another page fails here.
 */
const ROUTES_DIR = 'src/client/routes';

/** Files with no guard of their own, and why. Anything else unguarded fails. */
const UNGUARDED: Record<string, string> = {
  '/_authenticated': 'the pathless login layout: it checks the session, each child page guards itself',
  '/_authenticated/': '`/` only redirects to /menu, which is guarded',
};

interface RouteFile {
  file: string;
  id: string;
  fullPath: string;
  /** A layout: its children live in the folder of the same name. */
  layout: boolean;
  source: string;
}

function routeFiles(dir = ROUTES_DIR): RouteFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // `-name` folders and files sit beside routes without being routes (TanStack Router ignores them).
    if (entry.name.startsWith('-')) return [];
    if (entry.isDirectory()) return routeFiles(path);
    if (!/\.tsx?$/.test(entry.name) || entry.name.startsWith('__root')) return [];
    const source = readFileSync(path, 'utf8');
    const id = /createFileRoute\('([^']+)'\)/.exec(source)?.[1];
    if (id === undefined) throw new Error(`${path}: nessuna createFileRoute('<id>')`);
    return [
      {
        file: relative(ROUTES_DIR, path),
        id,
        // Pathless layouts (`_name`) add nothing to the URL; an index keeps its trailing slash.
        fullPath: id.replace(/\/_[^/]+/g, '') || '/',
        layout: existsSync(path.replace(/\.tsx?$/, '')),
        source,
      },
    ];
  });
}

const files = routeFiles();
const rule = (name: string): RouteRule => (routes as Record<string, RouteRule>)[name]!;
const literalGuards = (source: string) => [...source.matchAll(/guardRoute\('([^']+)'\)/g)].map((m) => m[1]!);

describe('file routes and config/routes.ts', () => {
  it('finds the route files', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.map((f) => f.fullPath)).toContain('/dashmovimenti');
  });

  it('gives each guarded page the path declared for its route name', () => {
    for (const { file, fullPath, layout, source } of files) {
      const names = literalGuards(source);
      if (names.length === 0) continue;
      expect(names, file).toHaveLength(1);
      const name = names[0]!;
      expect(isRouteName(name), `${file}: ${name}`).toBe(true);
      const declared = rule(name).path;
      if (layout) {
        // A layout guards the landing page of its group, which lives under it.
        expect(declared.startsWith(`${fullPath}/`), `${file}: ${declared}`).toBe(true);
      } else {
        expect(fullPath, `${file} guards ${name}`).toBe(declared);
      }
    }
  });

  it('guards every page that has a declared path with its own route name', () => {
    const byPath = new Map(Object.entries(routes).map(([name, r]) => [(r as RouteRule).path, name]));
    for (const { file, fullPath, layout, source } of files) {
      const name = byPath.get(fullPath);
      if (name === undefined || layout) continue;
      if (rule(name).access === 'public') {
        expect(source, file).toMatch(/publicRouteGuard\(/);
      } else {
        expect(literalGuards(source), file).toEqual([name]);
      }
    }
  });

  it('puts the public guard only on public paths', () => {
    for (const { file, fullPath, source } of files) {
      if (!/publicRouteGuard\(/.test(source)) continue;
      const match = Object.entries(routes).find(([, r]) => (r as RouteRule).path === fullPath);
      expect(match, file).toBeDefined();
      expect((match![1] as RouteRule).access, file).toBe('public');
    }
  });

  it('guards the form route with each form’s own name, at the path declared for it', () => {
    const formFiles = files.filter((f) => /guardRoute\(form\.route_name\)/.test(f.source));
    expect(formFiles.map((f) => f.fullPath)).toEqual(['/base-request/$form_name/{-$id_acq_replay}']);
    const pattern = formFiles[0]!.fullPath;
    for (const form of forms) {
      expect(isRouteName(form.route_name), form.route_name).toBe(true);
      expect(findPageByRoute(form.route_name)?.kind, form.route_name).toBe('form');
      expect(pattern.replace('$form_name', form.route_name), form.route_name).toBe(
        rule(form.route_name).path,
      );
    }
  });

  /** The generic routes: they find the page at the address and guard it with that page's route (`findPage`). */
  const generic = files.filter((f) => /findPage\(context, pathOf\(/.test(f.source));
  const genericPatterns = generic.map((f) => f.fullPath);
  // An optional segment (`{-$group_to_show}`) needs a route file of its own.
  const servedByGeneric = (path: string) =>
    !path.includes('{') &&
    genericPatterns.some((pattern) => {
      const want = pattern.split('/').filter(Boolean);
      const have = path.split('/').filter(Boolean);
      // A generic segment (`$group`) takes any static segment or parameter; a static one only itself.
      return want.length === have.length && want.every((part, i) => part.startsWith('$') || part === have[i]);
    });

  it('has the generic routes, each finding its page with the shared rule', () => {
    expect(genericPatterns.sort()).toEqual([
      '/$group/$page',
      '/$group/$section/$param',
      '/$page',
      '/backoffice-refazi/$page',
      '/operatore/$page',
    ]);
    // A three-segment generic address ends with a parameter, as the registry's and the screens' do.
    expect(servedByGeneric('/aml/forn-aml/$id_fornitore')).toBe(true);
    expect(servedByGeneric('/a/b/c/d')).toBe(false);
  });

  it('serves every registry page (config/pages.ts) by the generic routes, guarded with the page’s own route', () => {
    const fullPaths = files.map((f) => f.fullPath);
    for (const page of pages) {
      expect(isRouteName(page.route), page.route).toBe(true);
      const path = pagePath(page);
      // Its own route file (the forms', site-documentazione's), or one of the generic routes.
      const served =
        page.kind === 'form'
          ? path === `/base-request/${page.route}/{-$id_acq_replay}`
          : fullPaths.includes(path) || servedByGeneric(path);
      expect(served, `${page.route}: ${path}`).toBe(true);
      // A static file at a generic route's path would hide the registry's page.
      if (page.kind !== 'form' && servedByGeneric(path)) expect(fullPaths, page.route).not.toContain(path);
    }
    // The partner pages are registry pages, at `/<group>/<route name>`.
    for (const partner of partners) {
      expect(findPageByPath(rule(partner.route_name).path)?.route, partner.route_name).toBe(
        partner.route_name,
      );
    }
  });

  it('serves every one-off screen (routes/-screens) by a generic route at its route’s path', async () => {
    const fullPaths = files.map((f) => f.fullPath);
    expect(Object.keys(screenPages).length).toBeGreaterThanOrEqual(20);
    for (const [name, load] of Object.entries(screenPages)) {
      expect(isRouteName(name), name).toBe(true);
      const path = rule(name).path;
      expect(servedByGeneric(path), `${name}: ${path}`).toBe(true);
      // A screen is not also a registry page, and no static file hides it.
      expect(findPageByRoute(name), name).toBeUndefined();
      expect(fullPaths, name).not.toContain(path.replace(/\/$/, ''));
      const screen = await load!();
      expect(typeof screen.Screen.preload, name).toBe('function');
      // The address of the page finds it again (a parameter filled with a value of its form).
      const concrete = path.replace(/\$(\w+)/g, (_whole, param: string) =>
        screen.params?.[param] ? '12' : 'abc-1',
      );
      expect((await resolvePage(concrete))?.route, concrete).toBe(name);
    }
  });

  it('finds the page at an address: a screen, a registry page, or none', async () => {
    expect(await resolvePage('/sellers/vetrina-articolo/12')).toMatchObject({
      route: 'vetrina-articolo',
      params: { id_articolo: '12' },
    });
    expect(await resolvePage('/acquisti/77')).toMatchObject({
      route: 'dettaglio-acquisto',
      params: { id_acquisto: '77' },
    });
    // A parameter not of its form is no page (before any rule or call).
    expect(await resolvePage('/acquisti/abc')).toBeUndefined();
    expect(await resolvePage('/richieste/0')).toBeUndefined();
    expect(await resolvePage('/aml/conv-aml')).toMatchObject({
      route: 'conv-aml',
      page: { kind: 'showcase' },
    });
    expect(await resolvePage('/aml/forn-aml/5')).toMatchObject({
      route: 'forn-aml',
      params: { id_fornitore: '5' },
    });
    expect(await resolvePage('/backoffice-refazi/office-cifratura-chain')).toMatchObject({
      route: 'office-cifratura-chain',
    });
    expect(await resolvePage('/operatore/operatore-codici')).toMatchObject({ route: 'operatore-codici' });
    expect(await resolvePage('/richieste')).toMatchObject({ route: 'mie-richieste' });
    expect(await resolvePage('/nessuna/pagina')).toBeUndefined();
    expect(await resolvePage('/nessuna-pagina')).toBeUndefined();
  });

  it('leaves no page unguarded but the listed ones', () => {
    for (const { file, id, source } of files) {
      const guarded = /guardRoute\(|publicRouteGuard\(|findPage\(/.test(source);
      if (!guarded) expect(UNGUARDED, `${file} has no guard`).toHaveProperty([id]);
    }
    for (const id of Object.keys(UNGUARDED)) expect(files.map((f) => f.id)).toContain(id);
  });
});
