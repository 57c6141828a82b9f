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
