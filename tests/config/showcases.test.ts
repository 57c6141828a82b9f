/**
 * Every showcase declaration (config/showcases and the test fixtures) is valid: names unique, items per
 * row 1-12 at every breakpoint, server paging with a default among its sizes, a search from at least
 * one character, message keys and route names that exist, and a purchase click naming a declared
 * purchase whose amount is the product's price.
 */
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { purchases, findPurchase } from '../../config/purchases';
import { routes } from '../../config/routes';
import { showcases } from '../../config/showcases';
import { SHOWCASE_MAX_PER_ROW, type ShowcaseDeclaration } from '../../config/showcases/types';
import { acqVetrinaProva, testShowcases } from '../fixtures/showcases/vetrina-prova';

const all: [string, ShowcaseDeclaration][] = [
  ...showcases.map((s): [string, ShowcaseDeclaration] => [`config ${s.name}`, s]),
  ...testShowcases.map((s): [string, ShowcaseDeclaration] => [`fixture ${s.name}`, s]),
];
const allPurchases = [...purchases, acqVetrinaProva];

function problems(showcase: ShowcaseDeclaration): string[] {
  const found: string[] = [];
  if (!/^[a-z0-9][a-z0-9-]*$/.test(showcase.name)) found.push('name');
  if (!(showcase.route_name in routes)) found.push(`route ${showcase.route_name}`);
  for (const [breakpoint, n] of Object.entries(showcase.perRow)) {
    if (!Number.isInteger(n) || n < 1 || n > SHOWCASE_MAX_PER_ROW) found.push(`perRow.${breakpoint}`);
  }
  if (showcase.paging.mode === 'server') {
    if (!showcase.paging.pageSizes.includes(showcase.paging.defaultPageSize)) found.push('page size');
  }
  if (showcase.search && (showcase.search.minChars < 1 || showcase.search.debounceMs < 0))
    found.push('search');
  const keys = [showcase.texts.empty, showcase.texts.loadError, showcase.search?.label, showcase.back?.label];
  const links = [
    ...(showcase.card.links ?? []),
    ...(showcase.open.kind === 'detail' || showcase.open.kind === 'purchase'
      ? (showcase.open.detail.links ?? [])
      : []),
  ];
  for (const key of [...keys, ...links.map((link) => link.label)]) {
    if (key !== undefined && !(key in formMessages)) found.push(`key ${key}`);
  }
  // Paths name only declared parameters.
  const paths = [showcase.source.path, showcase.header?.source.path ?? ''];
  for (const [, name] of paths.join(' ').matchAll(/\{(\w+)\}/g)) {
    if (!(showcase.params ?? []).includes(name!)) found.push(`param ${name}`);
  }
  const { open } = showcase;
  if (open.kind === 'route') {
    const targets = typeof open.route === 'string' ? [open.route] : Object.values(open.route.routes);
    for (const target of targets) if (!(target in routes)) found.push(`open route ${target}`);
  }
  for (const name of showcase.source.paramsQuery ?? []) {
    if (!(showcase.params ?? []).includes(name)) found.push(`param ${name}`);
  }
  if (open.kind === 'purchase') {
    const purchase = findPurchase(open.purchase, allPurchases);
    if (!purchase) found.push(`purchase ${open.purchase}`);
    else if (purchase.amount.kind !== 'product')
      found.push(`purchase ${open.purchase} is not a product purchase`);
    if (!(open.insufficient in formMessages)) found.push(`key ${open.insufficient}`);
  }
  if (showcase.back && !(showcase.back.route in routes)) found.push(`back ${showcase.back.route}`);
  return found;
}

describe('showcase declarations', () => {
  it('have unique names', () => {
    const names = all.map(([, s]) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(all)('%s is valid', (_label, showcase) => {
    expect(problems(showcase)).toEqual([]);
  });

  it('the check itself fails on a bad declaration', () => {
    const bad = {
      ...testShowcases[0]!,
      perRow: { base: 13 },
      open: { kind: 'route', route: 'nessuna' },
      source: { path: '/x/{ignoto}' },
    } as unknown as ShowcaseDeclaration;
    expect(problems(bad)).toEqual(
      expect.arrayContaining(['perRow.base', 'param ignoto', 'open route nessuna']),
    );
  });
});
