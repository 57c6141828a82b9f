/**
 * The page registry (config/pages.ts): every entry's route is declared in config/routes.ts with a path,
 * reaches some profile (config/permissions.ts, by the rule the server writes at every start), no two
 * entries share a path or a route, every title resolves in its catalogue, and the lookups find each entry.
 */
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { messages as tableMessages } from '../../config/messages-tables.it';
import { extensionForms, forms } from '../../config/forms';
import {
  findPageByPath,
  findPageByRoute,
  matchPagePath,
  matchPath,
  pagePath,
  pages,
  type PageText,
} from '../../config/pages';
import { isRouteName, routes, type RouteRule } from '../../config/routes';
import { declaredReference, grantRows } from '../../src/server/services/reference-data';

const granted = new Set(grantRows(declaredReference(routes)).profiles.map((row) => row.perm));

const keysOf = (rule: RouteRule): readonly string[] =>
  rule.permission === undefined
    ? []
    : typeof rule.permission === 'string'
      ? [rule.permission]
      : rule.permission.anyOf;

const resolves = (text: PageText) =>
  typeof text !== 'string' || Object.hasOwn(tableMessages, text) || Object.hasOwn(formMessages, text);

describe('the page registry', () => {
  it('has pages of every served kind', () => {
    const kinds = new Set(pages.map((page) => page.kind));
    for (const kind of ['partner', 'showcase', 'app-voucher', 'content', 'table', 'form'])
      expect(kinds).toContain(kind);
  });

  it('puts every page at the declared path of a route some profile is granted', () => {
    for (const page of pages) {
      expect(isRouteName(page.route), page.route).toBe(true);
      const rule = (routes as Record<string, RouteRule>)[page.route]!;
      expect(rule.path, page.route).toMatch(/^\/[a-z0-9-]+\//);
      expect(rule.access, page.route).toBe('login');
      const keys = keysOf(rule);
      if (keys.length > 0)
        expect(
          keys.some((key) => granted.has(key)),
          `${page.route}: ${keys.join(', ')}`,
        ).toBe(true);
    }
  });

  it('gives no two pages the same path or route', () => {
    const paths = pages.map(pagePath);
    expect(new Set(paths).size).toBe(paths.length);
    const names = pages.map((page) => page.route);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names its titles and intros in a catalogue (or as a literal)', () => {
    for (const page of pages) {
      expect(resolves(page.title), page.route).toBe(true);
      if ((page.kind === 'showcase' || page.kind === 'table') && page.intro)
        expect(resolves(page.intro), page.route).toBe(true);
    }
  });

  it('finds each page by its route and by its path, and nothing elsewhere', () => {
    for (const page of pages) {
      expect(findPageByRoute(page.route)).toBe(page);
      expect(findPageByPath(pagePath(page))).toBe(page);
    }
    expect(findPageByPath('/aml/conv-aml')?.kind).toBe('showcase');
    expect(findPageByPath('/infos/cond-privacy')?.kind).toBe('content');
    expect(findPageByPath('/backoffice-refazi/office-consulenti')?.kind).toBe('table');
    expect(findPageByPath('/aml/nessuna-pagina')).toBeUndefined();
    expect(findPageByPath('/bitq/conv-fac')).toBeUndefined();
    expect(findPageByRoute('menu')).toBeUndefined();
  });

  it('derives the partner, app voucher and content pages from their registries, with their declarations', () => {
    const partner = findPageByRoute('conv-viaggi');
    expect(partner?.kind === 'partner' && partner.partner.route_name).toBe('conv-viaggi');
    const voucher = findPageByRoute('conv-toduba');
    expect(voucher?.kind === 'app-voucher' && voucher.page.call).toBe('/toduba_buoni');
    const content = findPageByRoute('cond-servizio');
    expect(content?.kind === 'content' && content.content.route).toBe('cond-servizio');
  });

  it('derives a form page from every form of config/forms and of the overlay, at /base-request/<route_name>', () => {
    for (const form of [...forms, ...extensionForms]) {
      const page = findPageByRoute(form.route_name);
      expect(page?.kind === 'form' && page.form, form.route_name).toBe(form);
      expect(page?.title, form.route_name).toBe(form.title);
    }
    expect(findPageByPath('/base-request/rimb-spese')?.route).toBe('rimb-spese');
    expect(matchPagePath('/base-request/rimb-spese/12')?.params).toEqual({ id_acq_replay: '12' });
  });

  it('finds a page whose path has a parameter at a concrete path, with the parameter', () => {
    expect(matchPagePath('/aml/forn-aml/12')).toEqual({
      page: findPageByRoute('forn-aml'),
      params: { id_fornitore: '12' },
    });
    expect(matchPagePath('/eurete/sez-eurete/assistenza-anziani')).toEqual({
      page: findPageByRoute('sez-eurete'),
      params: { slug_name: 'assistenza-anziani' },
    });
    expect(matchPagePath('/aml/forn-aml')).toBeUndefined();
    expect(matchPagePath('/aml/forn-aml/12/13')).toBeUndefined();
    // A page with no parameter wins: conv-aml is not forn-aml's parameter.
    expect(matchPagePath('/aml/conv-aml')).toEqual({ page: findPageByRoute('conv-aml'), params: {} });
  });

  it('reads required, optional and escaped parameters, and no malformed path', () => {
    expect(matchPath('/a/$x/c', '/a/b/c')).toEqual({ x: 'b' });
    expect(matchPath('/a/$x/c', '/a/b/d')).toBeUndefined();
    expect(matchPath('/a/b/{-$x}', '/a/b')).toEqual({});
    expect(matchPath('/a/b/{-$x}', '/a/b/7')).toEqual({ x: '7' });
    expect(matchPath('/a/$x', '/a/caff%C3%A8')).toEqual({ x: 'caffè' });
    expect(matchPath('/a/$x', '/a/%E0%A4%A')).toBeUndefined();
  });
});
