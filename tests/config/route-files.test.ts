import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import { findPageByPath, findPageByRoute, pagePath, pages } from '../../config/pages';
import { partners } from '../../config/partners';
import { isRouteName, routes, type RouteRule } from '../../config/routes';
import { officePages } from '../../src/client/routes/_authenticated/backoffice-refazi/-office-pages';

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
    if (entry.isDirectory()) return routeFiles(path);
    // `-name` files sit beside routes without being routes (TanStack Router ignores them).
    if (!/\.tsx?$/.test(entry.name) || entry.name.startsWith('__root') || entry.name.startsWith('-'))
      return [];
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

  it('serves every registry page (config/pages.ts) by the generic routes, guarded with the page’s own route', () => {
    const generic = files.filter(
      (f) => /guardRoute\(match\.page\.route\)/.test(f.source) && f.source.includes('matchPagePath(`/${'),
    );
    expect(generic.map((f) => f.fullPath).sort()).toEqual(['/$group/$page', '/$group/$section/$param']);
    const fullPaths = files.map((f) => f.fullPath);
    const twoSegments = /^\/[a-z0-9-]+\/[a-z0-9-]+$/;
    // Three segments, the last a parameter (`/aml/forn-aml/$id_fornitore`).
    const threeSegments = /^\/[a-z0-9-]+\/[a-z0-9-]+\/\$\w+$/;
    for (const page of pages) {
      expect(isRouteName(page.route), page.route).toBe(true);
      const path = pagePath(page);
      // Its own route file (the forms', site-documentazione's), or one of the generic routes.
      const served =
        page.kind === 'form'
          ? path === `/base-request/${page.route}/{-$id_acq_replay}`
          : fullPaths.includes(path) || twoSegments.test(path) || threeSegments.test(path);
      expect(served, `${page.route}: ${path}`).toBe(true);
      // A static file at a generic route's path would hide the registry's page.
      if (page.kind !== 'form' && (twoSegments.test(path) || threeSegments.test(path)))
        expect(fullPaths, page.route).not.toContain(path);
    }
    // The partner pages are registry pages, at `/<group>/<route name>`.
    for (const partner of partners) {
      expect(findPageByPath(rule(partner.route_name).path)?.route, partner.route_name).toBe(
        partner.route_name,
      );
    }
  });

  it('guards the back-office page route with each page’s own name, at the path declared for it', () => {
    const pageFiles = files.filter((f) => /guardRoute\(name\)/.test(f.source));
    expect(pageFiles.map((f) => f.fullPath)).toEqual(['/backoffice-refazi/$page']);
    expect(pageFiles[0]!.source).toContain('findPageByPath(`/backoffice-refazi/${context.params.page}`)');
    expect(pageFiles[0]!.source).toContain('if (!page && !Object.hasOwn(screens, name)) throw notFound();');
    for (const name of Object.keys(officePages)) {
      expect(isRouteName(name), name).toBe(true);
      expect(rule(name).path, name).toBe(`/backoffice-refazi/${name}`);
      // A one-off screen is not also a registry page, and a page with its own file is drawn by that file.
      expect(findPageByRoute(name), name).toBeUndefined();
      expect(
        files.map((f) => f.fullPath),
        name,
      ).not.toContain(`/backoffice-refazi/${name}`);
    }
  });

  it('leaves no page unguarded but the listed ones', () => {
    for (const { file, id, source } of files) {
      const guarded = /guardRoute\(|publicRouteGuard\(/.test(source);
      if (!guarded) expect(UNGUARDED, `${file} has no guard`).toHaveProperty([id]);
    }
    for (const id of Object.keys(UNGUARDED)) expect(files.map((f) => f.id)).toContain(id);
  });
});
