/**
 * Which parts of a menu configuration (config/menu.ts) a user sees (spec 000 §2, §5 "Menu visibility").
 *
 * - A route badge is shown when the router would open its route for this user: the decision is the
 *   router guard's own (`checkRouteAccess` over config/routes.ts), so menu and router never disagree.
 *   A route refused only for `threshold_ok` stays visible: opening it shows the spec's alert.
 * - A subsection is shown when the user holds its `tree-` key and at least one of its badges is shown.
 * - The payment-provider badge takes its title from the user's `ollipay_status.profile`.
 * - Titles are declared as keys of the account catalogue and come out as their texts.
 * - Keys of the permission map that the configuration does not name are simply never asked about.
 */
import type {
  MenuBadge,
  MenuConfig,
  MenuLeafBadge,
  MenuRouteBadge,
  MenuSubsectionBadge,
  SubsectionKey,
} from '../../../../config/menu';
import { messages, type MessageKey } from '../../../../config/messages-account.it';
import type { RouteName } from '../../../../config/routes';
import { textOf, type TextRef } from '../../../../config/texts';
import { checkRouteAccess, type AccessSession } from '../../../shared/access/route-access';

type AccessUser = NonNullable<AccessSession['user']>;

/** The session as the menu reads it: the route-gating view plus the payment-provider profile. */
export interface MenuSession extends AccessSession {
  user:
    | (Omit<AccessUser, 'ollipay_status'> & {
        ollipay_status?: { profile?: string | null; reg_status?: boolean | null } | null;
      })
    | null;
}

interface VisibleBase {
  /** Unique in a menu: the route name, the link or the subsection key. */
  key: string;
  title: string;
  image: string;
}

export interface VisibleRouteBadge extends VisibleBase {
  kind: 'route';
  routeName: RouteName;
}

export interface VisibleLinkBadge extends VisibleBase {
  kind: 'link';
  href: string;
}

export type VisibleLeaf = VisibleRouteBadge | VisibleLinkBadge;

export interface VisibleSubsection extends VisibleBase {
  kind: 'subsection';
  key: SubsectionKey;
  /** Title of the section the subsection belongs to. */
  sectionTitle: string;
  warning?: MessageKey;
  badges: VisibleLeaf[];
}

export type VisibleBadge = VisibleLeaf | VisibleSubsection;

export interface VisibleSection {
  key: string;
  title: string;
  badges: VisibleBadge[];
}

/** Only absolute https addresses are opened from the menu. */
export function isSafeDirectLink(href: string): boolean {
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The router's decision, read for the menu: open, or refused only with an explaining alert. */
export function canShowRoute(routeName: string, session: MenuSession): boolean {
  const access = checkRouteAccess(routeName, session);
  return access.ok || access.alert !== undefined;
}

/** The text of a declared title: a key of the account catalogue, or a literal. */
const title = (ref: TextRef<MessageKey>) => textOf(messages, ref);

function routeTitle(badge: MenuRouteBadge, session: MenuSession): string {
  const profile = session.user?.ollipay_status?.profile;
  const titles = badge.title_by_ollipay_profile;
  if (profile && titles && Object.hasOwn(titles, profile)) return title(titles[profile] ?? badge.title);
  return title(badge.title);
}

function visibleLeaf(badge: MenuLeafBadge, session: MenuSession): VisibleLeaf | null {
  if (badge.route_name !== undefined) {
    if (!canShowRoute(badge.route_name, session)) return null;
    return {
      kind: 'route',
      key: badge.route_name,
      title: routeTitle(badge, session),
      image: badge.image,
      routeName: badge.route_name,
    };
  }
  if (typeof badge.direct_link === 'string' && isSafeDirectLink(badge.direct_link)) {
    return {
      kind: 'link',
      key: badge.direct_link,
      title: title(badge.title),
      image: badge.image,
      href: badge.direct_link,
    };
  }
  return null;
}

function visibleSubsection(
  badge: MenuSubsectionBadge,
  sectionTitle: string,
  session: MenuSession,
): VisibleSubsection | null {
  if (!badge.subsection_name.startsWith('tree-') || !session.userPerms.includes(badge.subsection_name)) {
    return null;
  }
  const badges = badge.subroutes
    .map((sub) => visibleLeaf(sub, session))
    .filter((sub): sub is VisibleLeaf => sub !== null);
  if (badges.length === 0) return null;
  return {
    kind: 'subsection',
    key: badge.subsection_name,
    title: title(badge.title),
    image: badge.image,
    sectionTitle,
    ...(badge.warning ? { warning: badge.warning } : {}),
    badges,
  };
}

function visibleBadge(badge: MenuBadge, sectionTitle: string, session: MenuSession): VisibleBadge | null {
  if (badge.subsection_name !== undefined) return visibleSubsection(badge, sectionTitle, session);
  return visibleLeaf(badge, session);
}

/** The sections and badges the user sees, in configuration order; empty sections are left out. */
export function visibleMenu(menu: MenuConfig, session: MenuSession): VisibleSection[] {
  if (!session.isLogged || !session.user) return [];
  return menu
    .map((section) => ({
      key: section.key,
      title: title(section.section_title),
      badges: section.section_menu
        .map((badge) => visibleBadge(badge, title(section.section_title), session))
        .filter((badge): badge is VisibleBadge => badge !== null),
    }))
    .filter((section) => section.badges.length > 0);
}

/** The visible subsection named `key`, if the user may open it. */
export function findSubsection(
  sections: VisibleSection[],
  key: string | undefined,
): VisibleSubsection | null {
  if (!key) return null;
  for (const section of sections) {
    for (const badge of section.badges) {
      if (badge.kind === 'subsection' && badge.key === key) return badge;
    }
  }
  return null;
}
