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
 * Titles are keys of the account catalogue (config/messages-account.it.ts), resolved by the menu engine.
 * `title_by_ollipay_profile` replaces the title according to the user's `ollipay_status.profile`.
 *
 * Adding a badge or a section is one entry here; tests/config/menu.test.ts checks every reference.
 */
import { extensions } from './extensions';
import type { MessageKey } from './messages-account.it';
import type { RouteName } from './routes';
import type { TextRef } from './texts';

/** An icon of public/menu/ (hand-written 24×24 line icons, drawn in the skin's colour). */
export type MenuImage = `/menu/${string}.svg`;

interface BadgeBase {
  /** A key of the account catalogue, or `literal(...)` (config/texts.ts). */
  readonly title: TextRef<MessageKey>;
  readonly image: MenuImage;
}

export interface MenuRouteBadge extends BadgeBase {
  readonly route_name: RouteName;
  /** Title by `ollipay_status.profile` (e.g. `wfm`); `title` for any other profile. */
  readonly title_by_ollipay_profile?: Readonly<Record<string, TextRef<MessageKey>>>;
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
  readonly section_title: TextRef<MessageKey>;
  readonly section_menu: readonly MenuBadge[];
}

export type MenuConfig = readonly MenuSection[];

const route = (route_name: RouteName, title: TextRef<MessageKey>, icon: string): MenuRouteBadge => ({
  title,
  image: `/menu/${icon}.svg`,
  route_name,
});

const subsection = (
  subsection_name: SubsectionKey,
  title: TextRef<MessageKey>,
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

const declaredMenu: MenuConfig = [
  {
    key: 'use-welfare-credit',
    section_title: 'menuSectionUseCredit',
    section_menu: [
      subsection('tree-rimborsi', 'menuRimborsi', 'rimborsi', [
        route('rimb-spese', 'boKindExpenses', 'spese'),
        route('rimb-interessi', 'boKindInterest', 'interessi'),
        route('rimb-bollette', 'boKindBills', 'bollette'),
        route('rimb-aff-mutui', 'boKindHome', 'casa'),
      ]),
      route('conv-ondemand', 'boKindOnDemand', 'preventivo'),
      route('conv-previdenza-integrativa', 'boKindPension', 'previdenza'),
      subsection(
        'tree-buoni',
        'menuVouchersGiftCards',
        'buoni',
        [
          route('conv-aml', 'titleVouchers', 'buoni'),
          route('conv-aml-expedia', 'menuExpedia', 'viaggi'),
          route('conv-aml-hoepli', 'menuHoepli', 'libri'),
          route('conv-giftcard', 'menuGiftCard', 'giftcard'),
          route('bonus-benzina', 'titleFuelBonus', 'carburante'),
          route('conv-toduba', 'titleToduba', 'app'),
          route('conv-appaga', 'titleAppaga', 'app'),
          {
            ...route('conv-ollipay', 'titleOllipay', 'app'),
            title_by_ollipay_profile: { wfm: 'titleWfm' } satisfies Record<string, MessageKey>,
          },
        ],
        'menuBuoniWarning',
      ),
      subsection('tree-salute', 'menuHealthMutual', 'salute', [
        route('conv-assirete', 'titleHealth', 'salute'),
        route('conv-eurete-buoni', 'titleEurete', 'mutua'),
        route('conv-eurete-100', 'menuEurete100', 'mutua'),
      ]),
      subsection('tree-viaggi', 'menuTravel', 'viaggi', [
        route('conv-viaggi', 'menuTailorTravel', 'viaggi'),
        route('conv-viaggi-b', 'menuTravelRevolution', 'valigia'),
        route('conv-booking', 'menuHotels', 'hotel'),
        route('conv-snowit', 'menuSnow', 'neve'),
      ]),
      subsection('tree-tempo-libero', 'menuLeisure', 'stella', [
        route('conv-attive', 'menuWelcomeToItaly', 'esperienze'),
        route('conv-ticket', 'menuParks', 'ticket'),
        route('conv-home-activities', 'menuHomeActivities', 'casa'),
        route('conv-amazon-libri', 'menuBooks', 'libri'),
        route('conv-edicola', 'menuNewsstand', 'edicola'),
        route('conv-eatinerari', 'menuFoodTours', 'cibo'),
        route('conv-gowelfare', 'menuGoWelfare', 'portafoglio'),
        route('conv-wishlist', 'menuWishlist', 'wishlist'),
        route('conv-fac', 'menuFac', 'negozio'),
        route('conv-mba', 'menuMba', 'formazione'),
      ]),
      subsection('tree-bitq', 'menuBitq', 'ticket', [
        route('conv-bitq-parchi', 'menuBitqParks', 'ticket'),
        route('conv-bitq-exp', 'menuBitqExperiences', 'esperienze'),
        route('conv-bitq-tour', 'menuBitqTours', 'mappa'),
        route('conv-bitq-sport', 'menuBitqSport', 'sport'),
        route('conv-bitq-musei', 'menuBitqMuseums', 'museo'),
        route('conv-bitq-cinema', 'menuBitqCinema', 'cinema'),
        route('conv-bitq-concerti', 'menuBitqConcerts', 'concerti'),
        route('conv-bitq-gaming', 'menuBitqGaming', 'gaming'),
        route('conv-bitq-corsi', 'menuBitqCourses', 'formazione'),
      ]),
      subsection('tree-salabam', 'menuSalabamVadobay', 'valigia', [
        route('conv-salabam-shop', 'menuSalabam', 'buoni'),
        route('conv-salabam-vadobay', 'menuVadobay', 'valigia'),
        route('conv-salabam-voli-vadobay', 'menuVadobayFlights', 'viaggi'),
        route('conv-salabam-vacanze-vadobay', 'menuVadobayHolidays', 'sole'),
        route('conv-salabam-vivamod', 'menuVivamod', 'moda'),
      ]),
    ],
  },
  {
    key: 'other-advantages',
    section_title: 'menuSectionOther',
    section_menu: [
      subsection('tree-convenzioni', 'titleConventions', 'negozio', [
        route('home-fornitori', 'opSuppliersTitle', 'negozio'),
        route('conv-request-form', 'menuRequestConvention', 'modulo'),
      ]),
      route('benefit-hub', 'menuBenefitHub', 'sconti'),
      route('conv-bonusx', 'menuPublicBonuses', 'bonus'),
    ],
  },
  {
    key: 'information',
    section_title: 'menuSectionInfo',
    section_menu: [
      route('dashmovimenti', 'navMovements', 'movimenti'),
      // A request's whole life (issue 26)
      route('mie-richieste', 'myRequestsTitle', 'rimborsi'),
      route('site-documentazione', 'titleDocumentation', 'documenti'),
      route('site-normativa', 'boVoucherRulesTitle', 'normativa'),
      route('cond-servizio', 'conditionsService', 'condizioni'),
      route('cond-privacy', 'titlePrivacyNotice', 'privacy'),
      route('site-tutorial', 'titleTutorial', 'tutorial'),
      route('site-archivio-files', 'filesTitle', 'archivio'),
    ],
  },
  {
    key: 'assistance',
    section_title: 'supportPageTitle',
    section_menu: [
      route('site-assistenza', 'titleSupportRequest', 'assistenza'),
      route('site-faq', 'titleFaq', 'faq'),
      route('site-notifiche', 'navNotifications', 'notifiche'),
    ],
  },
];

/**
 * The home menu: the sections above, then the installation's own (config/extensions). Their badges may
 * open the installation's routes, which are not `RouteName`s for the compiler: the menu engine and the
 * server read every route from the one table of config/routes.ts.
 */
export const menu: MenuConfig = [...declaredMenu, ...(extensions.menu as MenuConfig)];

// --- Referent back office (home-refazi, spec 002 §2.8; issue 16) -------------------------------
/**
 * The referent home's two sections, rendered by the same menu engine and gated by the same rule as
 * the employee menu: a badge shows only when its route's gating lets the referent in. Pages not
 * built yet get their badge with the issue that builds them.
 */
export const backOfficeMenu: MenuConfig = [
  {
    key: 'backoffice-management',
    section_title: 'menuSectionManagement',
    section_menu: [
      route('office-transactionsdash', 'menuCurrentSituation', 'movimenti'),
      route('office-scadenzario-azi', 'scheduleTitle', 'normativa'),
      route('office-ref-azi-piani-welfare', 'boPlansTitle', 'portafoglio'),
      route('office-user-files', 'boFilesTitle', 'archivio'),
      route('office-cifratura-chain', 'boKeysTitle', 'privacy'),
      route('office-consulenti', 'boConsultantsTitle', 'assistenza'),
      // bulk credit import (issue 17)
      route('office-import-anagrafiche-crediti', 'menuImportCredits', 'modulo'),
    ],
  },
  {
    key: 'backoffice-services',
    section_title: 'menuSectionServices',
    section_menu: [
      route('office-ref-azi-buoni-pasto', 'boVouchersTitle', 'cibo'),
      route('office-incentive-info', 'boIncentiveInfoTitle', 'giftcard'),
      route('office-incentive-toduba', 'boTopupTitle', 'buoni'),
      // Piattapasto (issue 17)
      route('office-piattapasto', 'piattaTitle', 'cibo'),
      // internal messaging (issue 17; its badge from issue 28)
      route('office-mess-interna', 'messTitle', 'messaggi'),
    ],
  },
];
