/**
 * Who holds which key of the menu-permission map (reference data, ARCHITECTURE.md §8a): the grants of
 * every profile, with per-customer additions and removals. The server writes them into the database at
 * every start (src/server/services/reference-data.ts), demo mode or not; a gated route of config/routes.ts
 * that no profile is granted, or a grant naming a key nothing declares, stops the start.
 *
 * A profile's grants are chosen by declaration, so that a route or a menu subsection added in config/
 * reaches its users with no edit here: the gated routes for every signed-in user (`access: 'login'`
 * without a `profile`), the routes of a profile (`profile: 'ref_aziendale'`), the `tree-` keys of the
 * menu's subsections; then named keys added or taken away. A user's own grants (`user_permissions`)
 * stay whatever changes here.
 */
import { extensions } from './extensions';
import { menu } from './menu';

export type ProfileName = 'utente' | 'ref_aziendale' | 'operatore';

export interface ProfileGrant {
  /** Profiles whose grants this one holds too. */
  readonly includes?: readonly ProfileName[];
  /** The route names of config/routes.ts for every signed-in user (`everyone`) or of one profile. */
  readonly routesFor?: 'everyone' | ProfileName;
  /** Every `tree-` subsection key of config/menu.ts. */
  readonly menuSubsections?: boolean;
  /** Keys granted besides (a route name, a `tree-` key, or a key a route's permission names). */
  readonly add?: readonly string[];
  /** Keys taken away from what the rules above give. */
  readonly remove?: readonly string[];
}

const declaredProfileGrants = {
  utente: { routesFor: 'everyone', menuSubsections: true },
  ref_aziendale: { includes: ['utente'], routesFor: 'ref_aziendale' },
  // The provider's staff: the console's routes only, nothing of the employee's or the referent's.
  operatore: { routesFor: 'operatore' },
} as const satisfies Record<ProfileName, ProfileGrant>;

/** A profile's grant with the installation's additions and removals (config/extensions) appended. */
function withExtension(profile: ProfileName, grant: ProfileGrant): ProfileGrant {
  const extra = extensions.grants[profile];
  if (!extra) return grant;
  return {
    ...grant,
    add: [...(grant.add ?? []), ...(extra.add ?? [])],
    remove: [...(grant.remove ?? []), ...(extra.remove ?? [])],
  };
}

/** The profiles' grants: the rules above, then the installation's own keys (config/extensions). */
export const profileGrants: Readonly<Record<ProfileName, ProfileGrant>> = {
  utente: withExtension('utente', declaredProfileGrants.utente),
  ref_aziendale: withExtension('ref_aziendale', declaredProfileGrants.ref_aziendale),
  operatore: withExtension('operatore', declaredProfileGrants.operatore),
};

/** A customer's changes to the profiles' grants, by customer code (`customers.slug`). */
export interface CustomerGrant {
  readonly add?: Partial<Record<ProfileName, readonly string[]>>;
  readonly remove?: Partial<Record<ProfileName, readonly string[]>>;
}

export const customerGrants: Readonly<Record<string, CustomerGrant>> = {};

/** The `tree-` keys of the menu's subsections. */
export function menuSubsectionKeys(): string[] {
  return menu.flatMap((section) =>
    section.section_menu.flatMap((badge) =>
      badge.subsection_name !== undefined ? [badge.subsection_name] : [],
    ),
  );
}
