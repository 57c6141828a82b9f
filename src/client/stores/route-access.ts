/**
 * The one access decision of the portal (spec 002 §6), read from config/routes.ts.
 * Pure: the router guard (app/route-guard.ts) feeds it the session and acts on the answer; the home
 * menu (engine/menu) asks it which badges to show.
 */
import type { MessageKey } from '../../../config/messages.it';
import {
  isRouteName,
  routes,
  type PermissionRule,
  type RedirectTarget,
  type RouteRule,
} from '../../../config/routes';

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

const ALLOW: RouteAccess = { ok: true };

export function hasPermission(rule: PermissionRule, perms: readonly string[]): boolean {
  if (typeof rule === 'string') return perms.includes(rule);
  return rule.anyOf.some((permission) => perms.includes(permission));
}

/**
 * Order of the checks: unknown route (deny), public, login, profile, permission,
 * payment-provider registration, threshold (the only one with an alert).
 */
export function checkRouteAccess(routeName: string, session: AccessSession): RouteAccess {
  if (!isRouteName(routeName)) return { ok: false, redirect: session.isLogged ? 'menu' : 'login' };
  const rule: RouteRule = routes[routeName];
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
