/** Shapes of the API answers used by the shell (spec 000 §3, §7). Money is a 2-decimal string. */

export interface UserAnag {
  nome: string;
  cognome: string;
  email: string;
  cod_fisc: string;
  covip_fondo: string | null;
  previdenza_is_ok: boolean;
}

export interface UserCredit {
  totale: string;
  art51c3: string;
  per_fonte?: Record<string, string>;
}

export interface UserAzi {
  id: number;
  nome: string;
  cognome: string;
}

export type UserProfile = 'utente' | 'ref_aziendale' | (string & {});

export interface OllipayStatus {
  profile: string | null;
  reg_status: boolean;
}

export interface ActFor {
  id: number;
  nome: string;
}

/** Session flags kept in sessionStorage under `session_infos`. */
export interface SessionInfos {
  conv_special_agreed: boolean;
  eurete_cond_agreed: boolean;
  show_user_info_popup: boolean;
  /** The company a referent acts for (`Act-For` header in the back office). */
  act_for: ActFor | null;
}

export interface LoggedUserInfo {
  user_anag: UserAnag;
  user_credito: UserCredit;
  user_azi: UserAzi;
  profile: UserProfile;
  threshold_ok: boolean;
  ollipay_status: OllipayStatus | null;
  session_infos?: Partial<SessionInfos>;
}

/** `GET /api/get_menu_perms`: the keys are the permissions. */
export type MenuPerms = Record<string, unknown>;

export interface CreditAnswer {
  crediti: UserCredit;
}

export interface NotificationCounts {
  inviati: number;
  ricevuti: number;
  ricevuti_new: number;
}

export interface ReferentCompany {
  id_azienda: number;
  nome: string;
}

/** `POST /api/api-token-ckey`. */
export interface CredentialsAnswer {
  type: string;
  'check-token': string;
}

/** `GET /api/user_privacy` (spec 000 §3 Privacy consent). */
export interface UserPrivacy {
  privacy_servizio: boolean;
  privacy_dati_personali: boolean;
  decalogo_sicurezza: boolean;
  signature: string;
}

/** `GET /api/info_popup`: HTML written by operators (sanitized before rendering), or ''. */
export interface InfoPopupAnswer {
  popup_content: string;
}

/** A slide of `GET /api/carosello_get_playlist` (schemas/api/carousel-slide.json). */
export interface CarouselSlide {
  id: number;
  img_path: string;
  file_name: string;
  /** Headline, drawn over the image (which carries no text). */
  title: string;
  /** Second line; third line (wider screens); call to action ('' for none). */
  subtitle: string;
  text: string;
  cta: string;
  /** The slide's declared action, signed by the server: sent back as is. */
  click_action: string;
  route_name: string | null;
  menu_key: string | null;
}

/** `POST /api/carosello_click_count`: the verified action, null when none. */
export interface CarouselClickAnswer {
  action: { type: string; target: string | null } | null;
}

export type NotificationMode = 'ricevuti' | 'inviati';

/** The inbox or its archive: same shapes, `_archivio` calls. */
export type NotificationBox = 'inbox' | 'archive';

/** A notification (spec 002 §3; schemas/api/notification.json). `testo` is HTML. */
export interface NotificationItem {
  id: number;
  created: string;
  nome_mittente: string;
  nomi_destinatari: string;
  id_riferimento: string | number | null;
  testo: string;
  conferma_lettura: boolean;
}

export interface NotificationPage {
  count: number;
  results: NotificationItem[];
}
