/**
 * The employee home menu (spec 000 §2 "Home menu", §3 "Menu structure", §5 "Menu visibility").
 *
 * Sections (`section_title`, `section_menu`) hold badges. A badge has a `title`, an `image` (an SVG of
 * public/menu/) and exactly one of:
 * - `route_name`: a route of config/routes.ts, opened in the portal. It is shown only if the route's
 *   gating lets the user in (the router guard's own rule: permission, profile, payment-provider
 *   registration; a missing `threshold_ok` still shows it, the page then explains with its alert);
 * - `direct_link`: an external address, opened in a new tab;
 * - `subsection_name` (a `tree-` key of the menu-permission map) with its `subroutes`: the badge opens
 *   the subsection in place of the main menu. It is shown only if the user holds the `tree-` key and at
 *   least one of its subroutes is shown. `warning` names a message shown on top of the subsection.
 * `title_by_ollipay_profile` replaces the title according to the user's `ollipay_status.profile`.
 *
 * Adding a badge or a section is one entry here; tests/config/menu.test.ts checks every reference.
 */
import type { MessageKey } from './messages-account.it';
import type { RouteName } from './routes';

/** An icon of public/menu/ (hand-written 24×24 line icons, drawn in the skin's colour). */
export type MenuImage = `/menu/${string}.svg`;

interface BadgeBase {
  readonly title: string;
  readonly image: MenuImage;
}

export interface MenuRouteBadge extends BadgeBase {
  readonly route_name: RouteName;
  /** Title by `ollipay_status.profile` (e.g. `wfm`); `title` for any other profile. */
  readonly title_by_ollipay_profile?: Readonly<Record<string, string>>;
  readonly direct_link?: never;
  readonly subsection_name?: never;
}

export interface MenuLinkBadge extends BadgeBase {
  /** An absolute https address, opened in a new tab. */
  readonly direct_link: string;
  readonly route_name?: never;
  readonly subsection_name?: never;
}

export type MenuLeafBadge = MenuRouteBadge | MenuLinkBadge;

export type SubsectionKey = `tree-${string}`;

export interface MenuSubsectionBadge extends BadgeBase {
  readonly subsection_name: SubsectionKey;
  readonly subroutes: readonly MenuLeafBadge[];
  /** A message shown (red, dismissible) on top of the open subsection. */
  readonly warning?: MessageKey;
  readonly route_name?: never;
  readonly direct_link?: never;
}

export type MenuBadge = MenuLeafBadge | MenuSubsectionBadge;

export interface MenuSection {
  /** Stable identity of the section (the accordion item). */
  readonly key: string;
  readonly section_title: string;
  readonly section_menu: readonly MenuBadge[];
}

export type MenuConfig = readonly MenuSection[];

const route = (route_name: RouteName, title: string, icon: string): MenuRouteBadge => ({
  title,
  image: `/menu/${icon}.svg`,
  route_name,
});

const subsection = (
  subsection_name: SubsectionKey,
  title: string,
  icon: string,
  subroutes: readonly MenuLeafBadge[],
  warning?: MessageKey,
): MenuSubsectionBadge => ({
  title,
  image: `/menu/${icon}.svg`,
  subsection_name,
  subroutes,
  ...(warning ? { warning } : {}),
});

export const menu: MenuConfig = [
  {
    key: 'use-welfare-credit',
    section_title: 'Utilizza il tuo credito welfare',
    section_menu: [
      subsection('tree-rimborsi', 'Rimborsi', 'rimborsi', [
        route('rimb-spese', 'Rimborso spese', 'spese'),
        route('rimb-interessi', 'Interessi su mutuo', 'interessi'),
        route('rimb-bollette', 'Bollette', 'bollette'),
        route('rimb-aff-mutui', 'Affitto o mutuo prima casa', 'casa'),
      ]),
      route('conv-ondemand', 'Preventivo on demand', 'preventivo'),
      route('conv-previdenza-integrativa', 'Previdenza integrativa', 'previdenza'),
      subsection(
        'tree-buoni',
        'Buoni e gift card',
        'buoni',
        [
          route('conv-aml', 'Buoni acquisto', 'buoni'),
          route('conv-aml-expedia', 'Buoni Expedia', 'viaggi'),
          route('conv-aml-hoepli', 'Buoni Hoepli', 'libri'),
          route('conv-giftcard', 'Gift card', 'giftcard'),
          route('bonus-benzina', 'Bonus carburante', 'carburante'),
          route('conv-toduba', 'Buoni Toduba', 'app'),
          route('conv-appaga', 'Buoni Appaga', 'app'),
          {
            ...route('conv-ollipay', 'Ollipay', 'app'),
            title_by_ollipay_profile: { wfm: 'Welfare Di Marca' },
          },
        ],
        'menuBuoniWarning',
      ),
      subsection('tree-salute', 'Salute e mutua', 'salute', [
        route('conv-assirete', 'Assistenza sanitaria integrativa', 'salute'),
        route('conv-eurete-buoni', 'Welfare sociale Eurete', 'mutua'),
        route('conv-eurete-100', 'Eurete art. 100', 'mutua'),
      ]),
      subsection('tree-viaggi', 'Viaggi', 'viaggi', [
        route('conv-viaggi', 'Viaggi su misura', 'viaggi'),
        route('conv-viaggi-b', 'The travel revolution', 'valigia'),
        route('conv-booking', 'Prenotazioni hotel', 'hotel'),
        route('conv-snowit', 'Esperienze sulla neve', 'neve'),
      ]),
      subsection('tree-tempo-libero', 'Tempo libero', 'stella', [
        route('conv-attive', 'Esperienze Welcome To Italy', 'esperienze'),
        route('conv-ticket', 'Parchi divertimento', 'ticket'),
        route('conv-home-activities', 'Attività da casa', 'casa'),
        route('conv-amazon-libri', 'Libri', 'libri'),
        route('conv-edicola', 'Edicola digitale', 'edicola'),
        route('conv-eatinerari', 'Tour enogastronomici', 'cibo'),
        route('conv-gowelfare', 'GoWelfare', 'portafoglio'),
        route('conv-wishlist', 'Wishlist', 'wishlist'),
        route('conv-fac', 'Fano Al Centro', 'negozio'),
        route('conv-mba', 'MBA', 'formazione'),
      ]),
      subsection('tree-bitq', 'Esperienze BitQ', 'ticket', [
        route('conv-bitq-parchi', 'Parchi', 'ticket'),
        route('conv-bitq-exp', 'Esperienze', 'esperienze'),
        route('conv-bitq-tour', 'Tour', 'mappa'),
        route('conv-bitq-sport', 'Sport', 'sport'),
        route('conv-bitq-musei', 'Musei', 'museo'),
        route('conv-bitq-cinema', 'Cinema', 'cinema'),
        route('conv-bitq-concerti', 'Concerti', 'concerti'),
        route('conv-bitq-gaming', 'Gaming', 'gaming'),
        route('conv-bitq-corsi', 'Corsi', 'formazione'),
      ]),
      subsection('tree-salabam', 'Salabam e Vadobay', 'valigia', [
        route('conv-salabam-shop', 'Salabam', 'buoni'),
        route('conv-salabam-vadobay', 'Vadobay', 'valigia'),
        route('conv-salabam-voli-vadobay', 'Voli Vadobay', 'viaggi'),
        route('conv-salabam-vacanze-vadobay', 'Vacanze Vadobay', 'sole'),
        route('conv-salabam-vivamod', 'Vivamod', 'moda'),
      ]),
    ],
  },
  {
    key: 'other-advantages',
    section_title: 'Altri vantaggi',
    section_menu: [
      subsection('tree-convenzioni', 'Convenzioni', 'negozio', [
        route('home-fornitori', 'Fornitori convenzionati', 'negozio'),
        route('conv-request-form', 'Richiedi una convenzione', 'modulo'),
      ]),
      route('benefit-hub', 'Benefit Hub', 'sconti'),
      route('conv-bonusx', 'Area Bonus Pubblici', 'bonus'),
    ],
  },
  {
    key: 'information',
    section_title: 'Informazioni',
    section_menu: [
      route('dashmovimenti', 'Storico movimenti', 'movimenti'),
      // A request's whole life (issue 26)
      route('mie-richieste', 'Le mie richieste', 'rimborsi'),
      route('site-documentazione', 'Documentazione', 'documenti'),
      route('site-normativa', 'Normativa', 'normativa'),
      route('cond-servizio', 'Condizioni del servizio', 'condizioni'),
      route('cond-privacy', 'Informativa privacy', 'privacy'),
      route('site-tutorial', 'Tutorial', 'tutorial'),
      route('site-archivio-files', 'I Miei Files', 'archivio'),
    ],
  },
  {
    key: 'assistance',
    section_title: 'Assistenza',
    section_menu: [
      route('site-assistenza', 'Richiedi assistenza', 'assistenza'),
      route('site-faq', 'Domande frequenti', 'faq'),
      route('site-notifiche', 'Notifiche', 'notifiche'),
    ],
  },
];

// --- Referent back office (home-refazi, spec 002 §2.8; issue 16) -------------------------------
/**
 * The referent home's two sections, rendered by the same menu engine and gated by the same rule as
 * the employee menu: a badge shows only when its route's gating lets the referent in. Pages not
 * built yet get their badge with the issue that builds them.
 */
export const backOfficeMenu: MenuConfig = [
  {
    key: 'backoffice-management',
    section_title: 'Gestione',
    section_menu: [
      route('office-transactionsdash', 'Situazione attuale', 'movimenti'),
      route('office-scadenzario-azi', 'Scadenzario crediti', 'normativa'),
      route('office-ref-azi-piani-welfare', 'Piani welfare', 'portafoglio'),
      route('office-user-files', 'Gestione file utenti', 'archivio'),
      route('office-cifratura-chain', 'Chiavi di cifratura', 'privacy'),
      route('office-consulenti', 'Delega consulenti', 'assistenza'),
      // bulk credit import (issue 17)
      route('office-import-anagrafiche-crediti', 'Import crediti', 'modulo'),
    ],
  },
  {
    key: 'backoffice-services',
    section_title: 'Servizi',
    section_menu: [
      route('office-ref-azi-buoni-pasto', 'Buoni pasto', 'cibo'),
      route('office-incentive-info', 'Loyalty e Incentive', 'giftcard'),
      route('office-incentive-toduba', 'Ricarica Loyalty e Incentive', 'buoni'),
      // Piattapasto (issue 17)
      route('office-piattapasto', 'Piattapasto', 'cibo'),
      // internal messaging (issue 17; its badge from issue 28)
      route('office-mess-interna', 'Messaggistica interna', 'messaggi'),
    ],
  },
];
