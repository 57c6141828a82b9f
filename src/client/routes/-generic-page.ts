/**
 * The `beforeLoad` of the generic routes (`_authenticated/$page`, `$group/$page`, `$group/$section/$param`,
 * `backoffice-refazi/$page`, the operator console's `$page`): the page at the address, a one-off screen or
 * a registry page (`-page-resolver.ts`, loaded when first needed), gated by its route name like any page.
 * No page there is the not-found page.
 */
import { notFound } from '@tanstack/react-router';
import { guardRoute } from '../app/route-guard';
import type { FoundPage } from './-page-resolver';

export async function findPage(context: { preload: boolean }, path: string): Promise<{ found: FoundPage }> {
  const { resolvePage } = await import('./-page-resolver');
  const found = await resolvePage(path);
  if (!found) throw notFound();
  await guardRoute(found.route)(context);
  return { found };
}

/** The address a generic route was reached at, from its path parameters (each kept encoded, as in the URL). */
export function pathOf(...segments: string[]): string {
  return `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
}
