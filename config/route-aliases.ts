/**
 * The spec's other names of five screens (002 §2.7: "helpform / site-assistenza", "notifichewb /
 * site-notifiche", "tutorial / site-tutorial", "documentazione / site-documentazione", "normativa /
 * site-normativa"; issue 28): an old link to `/<alias>` or `/<group>/<alias>` (for documentazione also
 * with the group to show after it) lands on the screen of the route it names, the address replaced
 * (src/client/app/route-aliases.ts). They are not route names: never granted, never linked to.
 *
 * Apart from config/routes.ts (which re-exports them): the root route checks every address against these
 * names before any page, the login page's too, and loads the route table only for an old link
 * (src/client/app/alias-redirect.ts), so the table stays out of the first paint.
 */
import type { RouteName } from './routes';

export const routeAliases = {
  helpform: 'site-assistenza',
  notifichewb: 'site-notifiche',
  tutorial: 'site-tutorial',
  documentazione: 'site-documentazione',
  normativa: 'site-normativa',
} as const satisfies Record<string, RouteName>;
