/**
 * Partner portals (spec 001 §2, §7; 002 §2.1, §2.7; ARCHITECTURE.md §4 "Partners", §5 "Partner hand-offs").
 *
 * Two kinds of entry:
 *
 * - `partnerProviders`: the outside companies the portal hands users to. Each holds one secret shared
 *   with the portal (environment variable `keyEnv`, at least 32 characters) and the address of its
 *   login endpoint (`urlEnv`). From the secret two keys are derived (HMAC-SHA256 of the secret over
 *   `welfare-partner:enc` and `welfare-partner:sig`): the AES-256-GCM key of `enc_data` and the
 *   HMAC-SHA256 key that signs the partner's charge calls. In demo mode a provider without its
 *   variables uses `demoKey` and the demo partner this server serves at `/demo-partner/<id>/<page>`;
 *   outside demo mode a provider without both variables is disabled (its pages answer 503).
 * - `partners`: one declaration per partner login page (a route name of config/routes.ts): its title,
 *   whether the conditions box must be ticked, the call and its body, which balance is on offer, and how
 *   the hand-off is made. One generic page (src/client/engine/partner) renders every declaration and one
 *   generic server route per declaration (src/server/routes/partners) answers its call.
 *
 * `enc_data` (defined here; the spec does not show it) is base64url (no padding) of
 * `iv (12 bytes) || ciphertext || tag (16 bytes)`, AES-256-GCM with the provider id as additional data,
 * over the UTF-8 JSON of `PartnerHandoffPayload` (src/server/services/partner-handoff.ts): the user, the
 * credit on offer and its balance, `iat`/`exp` (Unix seconds, `handoffTtlSeconds` apart) and a random
 * single-use `nonce`. The partner charges credit back with `POST /api/partner_charge`, naming that nonce,
 * signed with headers `X-Partner-Id`, `X-Partner-Timestamp` (Unix seconds, within
 * `chargeClockSkewSeconds`), `X-Partner-Nonce` (new for every call) and `X-Partner-Signature` (hex
 * HMAC-SHA256 of `<timestamp>.<nonce>.<raw body>` with the signing key), plus an `Idempotency-Key`.
 */

import { messages, type MessageKey } from './messages-account.it';
import { literal, textOf, type Literal, type TextRef } from './texts';

/** Which balance a partner may spend (001 §7 `comp_credito`). */
export type PartnerBalance = 'totale' | 'art51c3';

export interface PartnerProvider {
  /** Lower case, digits and `-`: the `X-Partner-Id` of its charge calls and the demo partner's path. */
  readonly id: string;
  /** Name shown to the user on the demo partner and in movements (`oggetto`): the partner's own name, data. */
  readonly name: Literal;
  /** Environment variable of the shared secret (at least 32 characters). */
  readonly keyEnv: string;
  /** Environment variable of the login endpoint (an https:// address outside demo mode). */
  readonly urlEnv: string;
  /** Demo-mode secret: public, never used outside demo mode. */
  readonly demoKey: string;
  /** bonusx only: the `client_id` the portal posts as `clientId` (001 §7). */
  readonly clientId?: string;
}

export const partnerProviders = [
  {
    id: 'convenzioni',
    name: literal('Portale Convenzioni'),
    keyEnv: 'PARTNER_KEY_CONVENZIONI',
    urlEnv: 'PARTNER_URL_CONVENZIONI',
    demoKey: 'demo-partner-convenzioni-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'wishlist',
    name: literal('Wishlist'),
    keyEnv: 'PARTNER_KEY_WISHLIST',
    urlEnv: 'PARTNER_URL_WISHLIST',
    demoKey: 'demo-partner-wishlist-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'fac',
    name: literal('Fano Al Centro'),
    keyEnv: 'PARTNER_KEY_FAC',
    urlEnv: 'PARTNER_URL_FAC',
    demoKey: 'demo-partner-fac-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'mba',
    name: literal('MBA'),
    keyEnv: 'PARTNER_KEY_MBA',
    urlEnv: 'PARTNER_URL_MBA',
    demoKey: 'demo-partner-mba-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'bitq',
    name: literal('BitQ'),
    keyEnv: 'PARTNER_KEY_BITQ',
    urlEnv: 'PARTNER_URL_BITQ',
    demoKey: 'demo-partner-bitq-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'salabam',
    name: literal('Salabam'),
    keyEnv: 'PARTNER_KEY_SALABAM',
    urlEnv: 'PARTNER_URL_SALABAM',
    demoKey: 'demo-partner-salabam-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'buoni',
    name: literal('Portale Buoni'),
    keyEnv: 'PARTNER_KEY_BUONI',
    urlEnv: 'PARTNER_URL_BUONI',
    demoKey: 'demo-partner-buoni-0123456789abcdef-non-per-produzione',
  },
  {
    id: 'bonusx',
    name: literal('Area Bonus Pubblici'),
    keyEnv: 'PARTNER_KEY_BONUSX',
    urlEnv: 'PARTNER_URL_BONUSX',
    demoKey: 'demo-partner-bonusx-0123456789abcdef-non-per-produzione',
    clientId: 'portale-welfare',
  },
] as const satisfies readonly PartnerProvider[];

export type PartnerProviderId = (typeof partnerProviders)[number]['id'];

/**
 * The calls of 001 §7, each served once per declaration at `<method> /api/<call>/<route_name>`:
 * - `sso_login_partner`: partner SSO login create, body `service`, `cluster`, `comp_credito`;
 * - `sso_login_buoni`: voucher-portal SSO login create, body `service` (200 or 100), answer `enc_data`,
 *   `login_url`;
 * - `wishlist_login`: wishlist login create, no body, answer `login_url`;
 * - `partner_login`: login for fac, mba, bitq, no body, answer `enc_data`, `login_url`;
 * - `salabam_login`: body `service`, answer `login_url`;
 * - `bonusx_login` (GET): answer `login_url`, `payload.data`, `client_id`.
 */
export type PartnerCallName =
  | 'sso_login_partner'
  | 'sso_login_buoni'
  | 'wishlist_login'
  | 'partner_login'
  | 'salabam_login'
  | 'bonusx_login';

/** The body the page sends (declared constants; the server accepts exactly these). */
export interface PartnerCallBody {
  /** A partner service code, or the voucher portal's 200 / 100. */
  readonly service?: string | number;
  readonly cluster?: string;
  readonly comp_credito?: PartnerBalance;
}

/**
 * How the user is handed to the partner (001 §2):
 * - `form-post`: a hidden form POSTed to `login_url` in a new tab, field `d` = `enc_data`, plus `cat`
 *   (bitq's showcase id) when declared;
 * - `link`: `login_url` (carrying `d`) opened in a new tab (wishlist);
 * - `blank-window`: a blank window opened at the click, its address set to `login_url` once answered,
 *   closed on error (salabam);
 * - `bonusx`: the call is made when the page loads; the access button appears once it answered and posts
 *   `data` and `clientId` to `login_url` in a new tab; no conditions box; on error the backend error box,
 *   then menu.
 */
export type PartnerHandoff =
  | { readonly kind: 'form-post'; readonly cat?: number }
  | { readonly kind: 'link' }
  | { readonly kind: 'blank-window' }
  | { readonly kind: 'bonusx' };

export interface PartnerDeclaration {
  /** The route name of the login page (config/routes.ts; a test fixture's own name is its permission). */
  readonly route_name: string;
  /**
   * Shown in the page title, in "Accedi al portale {title}" and on conv-redirect: a key of the account
   * catalogue, or `literal(...)` (config/texts.ts); read with `partnerTitle`.
   */
  readonly title: TextRef<MessageKey>;
  /** One line under the title (`{title}` in it is the page's title); read with `partnerDescription`. */
  readonly description: TextRef<MessageKey>;
  readonly provider: string;
  /** The conditions box must be ticked before the access button shows (001 §5). */
  readonly conditions: boolean;
  readonly call: { readonly name: PartnerCallName; readonly body?: PartnerCallBody };
  /** The credit on offer at the partner (the body's `comp_credito` when it has one). */
  readonly balance: PartnerBalance;
  readonly handoff: PartnerHandoff;
}

/** How long an `enc_data` may be used after it was made (the partner refuses it afterwards). */
export const handoffTtlSeconds = 300;
/** How long after a hand-off the partner may charge the user's credit naming its nonce. */
export const chargeWindowSeconds = 2 * 60 * 60;
/** Accepted distance between a charge call's `X-Partner-Timestamp` and the server clock. */
export const chargeClockSkewSeconds = 300;

/** The title of a partner page as the user reads it. */
export const partnerTitle = (page: Pick<PartnerDeclaration, 'title'>): string => textOf(messages, page.title);

/** The line under a partner page's title, its `{title}` filled. */
export const partnerDescription = (page: Pick<PartnerDeclaration, 'title' | 'description'>): string =>
  textOf(messages, page.description).replaceAll('{title}', partnerTitle(page));

const ts = (
  route_name: string,
  title: MessageKey,
  description: MessageKey,
  body: { service: string; cluster?: string; comp_credito?: PartnerBalance },
): PartnerDeclaration => {
  const comp = body.comp_credito ?? 'totale';
  return {
    route_name,
    title,
    description,
    provider: 'convenzioni',
    conditions: true,
    call: {
      name: 'sso_login_partner',
      body: { service: body.service, cluster: body.cluster ?? 'home', comp_credito: comp },
    },
    balance: comp,
    handoff: { kind: 'form-post' },
  };
};

const bitq = (route_name: string, title: MessageKey, cat: number): PartnerDeclaration => ({
  route_name,
  title,
  description: 'partnerBitqLine',
  provider: 'bitq',
  conditions: true,
  call: { name: 'partner_login' },
  balance: 'totale',
  handoff: { kind: 'form-post', cat },
});

const salabam = (route_name: string, title: MessageKey, service: string): PartnerDeclaration => ({
  route_name,
  title,
  description: 'partnerSalabamLine',
  provider: 'salabam',
  conditions: true,
  call: { name: 'salabam_login', body: { service } },
  balance: 'totale',
  handoff: { kind: 'blank-window' },
});

export const partners = [
  // /ts: partner SSO login create (001 §7: services and clusters).
  ts('conv-attive', 'menuWelcomeToItaly', 'partnerWelcomeToItalyLine', {
    service: 'welcometoitaly',
  }),
  ts('conv-viaggi', 'menuTailorTravel', 'partnerTailorTravelLine', {
    service: 'travel',
  }),
  ts('conv-viaggi-b', 'menuTravelRevolution', 'partnerTravelRevolutionLine', {
    service: 'tantosvagotravel',
  }),
  ts('conv-giftcard', 'menuGiftCard', 'partnerGiftCardLine', {
    service: 'giftcard',
    comp_credito: 'art51c3',
  }),
  ts('conv-gowelfare', 'menuGoWelfare', 'partnerGoWelfareLine', {
    service: 'gowelfare.converter',
  }),
  ts('conv-ticket', 'menuParks', 'partnerParksLine', {
    service: 'ticket',
  }),
  ts('conv-home-activities', 'menuHomeActivities', 'partnerHomeActivitiesLine', {
    service: 'experience',
    cluster: 'home-activities',
  }),
  ts('conv-amazon-libri', 'menuBooks', 'partnerBooksLine', { service: 'amz_libri' }),
  ts('conv-booking', 'menuHotels', 'partnerHotelsLine', {
    service: 'booking',
  }),
  ts('conv-snowit', 'menuSnow', 'partnerSnowLine', {
    service: 'snowit',
  }),
  ts('conv-eatinerari', 'menuFoodTours', 'partnerFoodToursLine', {
    service: 'experience',
    cluster: 'eatinerari',
  }),
  ts('conv-edicola', 'menuNewsstand', 'partnerNewsstandLine', {
    service: 'zenais',
  }),
  // /ws: wishlist login create, link opened in a new tab.
  {
    route_name: 'conv-wishlist',
    title: 'menuWishlist',
    description: 'partnerWishlistLine',
    provider: 'wishlist',
    conditions: true,
    call: { name: 'wishlist_login' },
    balance: 'totale',
    handoff: { kind: 'link' },
  },
  // Login for fac, mba: hidden form with `d`.
  {
    route_name: 'conv-fac',
    title: 'menuFac',
    description: 'partnerFacLine',
    provider: 'fac',
    conditions: true,
    call: { name: 'partner_login' },
    balance: 'totale',
    handoff: { kind: 'form-post' },
  },
  {
    route_name: 'conv-mba',
    title: 'menuMba',
    description: 'partnerMbaLine',
    provider: 'mba',
    conditions: true,
    call: { name: 'partner_login' },
    balance: 'totale',
    handoff: { kind: 'form-post' },
  },
  // BitQ showcases (001 §7 ids).
  bitq('conv-bitq-parchi', 'menuBitqParks', 151),
  bitq('conv-bitq-exp', 'menuBitqExperiences', 113),
  bitq('conv-bitq-tour', 'menuBitqTours', 122),
  bitq('conv-bitq-sport', 'menuBitqSport', 14),
  bitq('conv-bitq-musei', 'menuBitqMuseums', 18),
  bitq('conv-bitq-cinema', 'menuBitqCinema', 152),
  bitq('conv-bitq-concerti', 'menuBitqConcerts', 19),
  bitq('conv-bitq-gaming', 'menuBitqGaming', 150),
  bitq('conv-bitq-corsi', 'menuBitqCourses', 115),
  // Salabam (001 §7 services): blank window first.
  salabam('conv-salabam-shop', 'menuSalabam', 'salabam'),
  salabam('conv-salabam-vadobay', 'menuVadobay', 'vadobay'),
  salabam('conv-salabam-voli-vadobay', 'menuVadobayFlights', 'voli-vadobay'),
  salabam('conv-salabam-vacanze-vadobay', 'menuVadobayHolidays', 'vacanze-vadobay'),
  salabam('conv-salabam-vivamod', 'menuVivamod', 'vivamod'),
  // bonusx: GET on load, no conditions box.
  {
    route_name: 'conv-bonusx',
    title: 'menuPublicBonuses',
    description: 'partnerPublicBonusesLine',
    provider: 'bonusx',
    conditions: false,
    call: { name: 'bonusx_login' },
    balance: 'totale',
    handoff: { kind: 'bonusx' },
  },
] as const satisfies readonly PartnerDeclaration[];

export type PartnerRouteName = (typeof partners)[number]['route_name'];

/**
 * The voucher-portal SSO login (001 §7, `service` 200 or 100): not a login page of its own but the call
 * the voucher pages make to send the user to the voucher portal (the hidden form with `d`), served like
 * the partner pages at `POST /api/sso_login_buoni/<route_name>` and gated by that voucher page's route.
 * 200: the art. 51 c.3 vouchers of conv-aml; 100: the vouchers of the art. 100 family, paid from the total.
 */
const buoni = (
  route_name: string,
  title: MessageKey,
  service: 200 | 100,
  balance: PartnerBalance,
): PartnerDeclaration => ({
  route_name,
  title,
  // A title that already says "Buoni" is not doubled ("I Buoni Expedia", never "I buoni di Buoni Expedia").
  description: /^buoni\b/i.test(messages[title]) ? 'partnerVouchersLine' : 'partnerVouchersOfLine',
  provider: 'buoni',
  conditions: true,
  call: { name: 'sso_login_buoni', body: { service } },
  balance,
  handoff: { kind: 'form-post' },
});

export const voucherPortalLogins = [
  buoni('conv-aml', 'titleVouchers', 200, 'art51c3'),
  buoni('conv-aml-expedia', 'menuExpedia', 100, 'totale'),
  buoni('conv-aml-hoepli', 'menuHoepli', 100, 'totale'),
] as const satisfies readonly PartnerDeclaration[];

// Showcases (issue 13): the supplementary health's SSO link (`POST /api/eurete_sso_link`, 001 §4): after
// a conv-assirete purchase, a link hand-off to the convenzioni provider's `assirete` service, opened in a
// new window (in demo mode the demo partner receives it). Not a login page of its own.
export const eureteHealthPartner = {
  route_name: 'conv-assirete',
  title: 'titleHealth',
  description: 'partnerHealthLine',
  provider: 'convenzioni',
  conditions: false,
  call: { name: 'sso_login_partner', body: { service: 'assirete', cluster: 'home', comp_credito: 'totale' } },
  balance: 'totale',
  handoff: { kind: 'link' },
} as const satisfies PartnerDeclaration;

export function findPartner(
  routeName: string,
  list: readonly PartnerDeclaration[] = partners,
): PartnerDeclaration | undefined {
  return list.find((partner) => partner.route_name === routeName);
}

export function findPartnerProvider(
  id: string,
  list: readonly PartnerProvider[] = partnerProviders,
): PartnerProvider | undefined {
  return list.find((provider) => provider.id === id);
}

/** The HTTP method of a call (001 §7: only bonusx is a GET). */
export function partnerCallMethod(call: PartnerCallName): 'GET' | 'POST' {
  return call === 'bonusx_login' ? 'GET' : 'POST';
}

/**
 * conv-request-form (002 §2.1): opens the external on-demand request form in a new tab, then the menu.
 * The address is the installation's (REQUEST_FORM_URL, `GET /api/indirizzi_esterni`); in demo mode the
 * demo form this server serves.
 */
export const requestForm = {
  route_name: 'conv-request-form',
  title: 'menuRequestConvention',
} as const;

/**
 * benefit-hub (002 §2.7): the discount portal page. Its customer code and addresses come from
 * `GET /api/benefit_hub` (the code is the customer's, derived by the server; the subscribe address and
 * the tutorial video are the installation's, BENEFIT_HUB_SUBSCRIBE_URL and BENEFIT_HUB_VIDEO_URL); the
 * video opens in a modal.
 */
export const benefitHub = {
  route_name: 'benefit-hub',
  title: 'menuBenefitHub',
  /** The copy toast hides after this many milliseconds (002 §9). */
  copyToastMs: 1500,
} as const;
