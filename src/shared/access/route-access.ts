/**
 * The one access decision of the portal (spec 002 §6), read from config/routes.ts.
 * Pure, so every place that decides asks it: the router guard (src/client/app/route-guard.ts, lazily)
 * turns the answer into a redirect, the home menu (src/client/engine/menu) into visible badges, and
 * the API server (src/server/plugins/access.ts) into a 403 for every call that names its route.
 */
import type { MessageKey } from '../../../config/messages.it';
import { routes, type PermissionRule, type RedirectTarget, type RouteRule } from '../../../config/routes';

/** What the rule needs to know about the caller. */
export interface AccessSession {
  isLogged: boolean;
  /** Keys of the menu-permission map. */
  userPerms: readonly string[];
  user: {
    profile: string;
    threshold_ok: boolean;
    ollipay_status?: { reg_status?: boolean | null } | null;
  } | null;
}

export type RouteAccess = { ok: true } | { ok: false; redirect: RedirectTarget; alert?: MessageKey };

/** A table of route rules: config/routes.ts, or (server tests) that table plus test-only routes. */
export type RouteTable = Readonly<Record<string, RouteRule>>;

const ALLOW: RouteAccess = { ok: true };

export function hasPermission(rule: PermissionRule, perms: readonly string[]): boolean {
  if (typeof rule === 'string') return perms.includes(rule);
  return rule.anyOf.some((permission) => perms.includes(permission));
}

/**
 * Order of the checks: unknown route (deny), public, login, profile, permission,
 * payment-provider registration, threshold (the only one with an alert).
 */
export function checkRouteAccess(
  routeName: string,
  session: AccessSession,
  table: RouteTable = routes,
): RouteAccess {
  const rule = Object.hasOwn(table, routeName) ? table[routeName] : undefined;
  if (!rule) return { ok: false, redirect: session.isLogged ? 'menu' : 'login' };
  if (rule.access === 'public') return ALLOW;

  const user = session.user;
  if (!session.isLogged || !user) return { ok: false, redirect: 'login' };

  if (rule.profile && user.profile !== rule.profile) return { ok: false, redirect: 'menu' };

  if (rule.permission && !hasPermission(rule.permission, session.userPerms)) {
    return { ok: false, redirect: rule.deniedRedirect ?? 'menu' };
  }

  if (rule.ollipayRegistered && user.ollipay_status?.reg_status !== true)
    return { ok: false, redirect: 'menu' };

  if (rule.thresholdOk && user.threshold_ok !== true) {
    return { ok: false, redirect: 'menu', alert: 'thresholdNotOk' };
  }
  return ALLOW;
}
