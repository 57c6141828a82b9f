/**
 * The root route's check for the spec's old screen names (src/client/app/alias-redirect.ts): an ordinary
 * address costs nothing (no route table loaded, no promise), an old link redirects to its screen.
 */
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeAliases } from '../../config/route-aliases';
import { routes } from '../../config/routes';
import { aliasRedirect, mentionsAlias } from '../../src/client/app/alias-redirect';

const at = (pathname: string, searchStr = '') => ({ location: { pathname, searchStr } as ParsedLocation });

describe('mentionsAlias', () => {
  it('finds an old name in the first or second segment only', () => {
    for (const alias of Object.keys(routeAliases)) {
      expect(mentionsAlias(`/${alias}`), alias).toBe(true);
      expect(mentionsAlias(`/gruppo/${alias}/`), alias).toBe(true);
      expect(mentionsAlias(`/a/b/${alias}`), alias).toBe(false);
    }
    expect(mentionsAlias('/login/acme')).toBe(false);
    expect(mentionsAlias('/menu')).toBe(false);
    expect(mentionsAlias('/')).toBe(false);
  });

  it('knows only the declared names, not inherited object keys', () => {
    expect(mentionsAlias('/constructor')).toBe(false);
    expect(mentionsAlias('/toString/x')).toBe(false);
  });
});

describe('aliasRedirect', () => {
  it('leaves an ordinary address alone at once (no promise, nothing loaded)', () => {
    expect(aliasRedirect(at('/login/acme', '?token=x'))).toBeUndefined();
    expect(aliasRedirect(at('/helpdesk/site-assistenza'))).toBeUndefined();
  });

  it('redirects an old link to its screen, keeping the search and replacing the address', async () => {
    const error: unknown = await aliasRedirect(at('/helpform', '?x=1'))?.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isRedirect(error)).toBe(true);
    const { options } = error as { options: { href: string; replace: boolean } };
    expect(options.href).toBe(`${routes['site-assistenza'].path}?x=1`);
    expect(options.replace).toBe(true);
  });

  it('lets through an address that only looks like one (under another group, too many segments)', async () => {
    await expect(aliasRedirect(at('/infos/helpform'))).resolves.toBeUndefined();
    await expect(aliasRedirect(at('/helpform/altro'))).resolves.toBeUndefined();
  });
});
