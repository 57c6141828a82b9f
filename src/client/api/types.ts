/**
 * Shapes of the API answers used by the shell (spec 000 §3, §7), named for the portal. Each is the
 * type generated from its schema (schemas/wire-types.gen.ts, from schemas/): a schema change reaches
 * every screen through the compiler. Money is a 2-decimal string.
 */
import type {
  AziendaReferente,
  CarouselClick,
  CreditoUtente,
  Crediti,
  InfoPopup,
  LoggedUser,
  LoginCheck,
  MenuPerms as WireMenuPerms,
  NotificationPage as WireNotificationPage,
  NotificationStatus,
  UserPrivacy as WireUserPrivacy,
  WireNotification,
} from '../../../schemas/wire-types.gen';

export type { CarouselSlide } from '../../../schemas/wire-types.gen';

export type UserAnag = LoggedUser['user_anag'];
export type UserCredit = Crediti;
export type UserAzi = LoggedUser['user_azi'];
export type UserProfile = LoggedUser['profile'];
export type OllipayStatus = LoggedUser['ollipay_status'];

/** Session flags kept in sessionStorage under `session_infos`. */
export type SessionInfos = LoggedUser['session_infos'];
/** The company a referent acts for (`Act-For` header in the back office). */
export type ActFor = NonNullable<SessionInfos['act_for']>;

/** `GET /api/get-logged-user-info`. */
export type LoggedUserInfo = LoggedUser;

/** `GET /api/get_menu_perms`: the keys are the permissions. */
export type MenuPerms = WireMenuPerms;

export type CreditAnswer = CreditoUtente;
export type NotificationCounts = NotificationStatus;
export type ReferentCompany = AziendaReferente;

/** `POST /api/api-token-ckey`. */
export type CredentialsAnswer = LoginCheck;

/** `GET /api/user_privacy` (spec 000 §3 Privacy consent). */
export type UserPrivacy = WireUserPrivacy;

/** `GET /api/info_popup`: HTML written by operators (sanitized before rendering), or ''. */
export type InfoPopupAnswer = InfoPopup;

/** `POST /api/carosello_click_count`: the verified action, null when none. */
export type CarouselClickAnswer = CarouselClick;

/** The `mode` of the inbox calls: received or sent messages. */
export type NotificationMode = 'ricevuti' | 'inviati';

/** The inbox or its archive: same shapes, `_archivio` calls. */
export type NotificationBox = 'inbox' | 'archive';

/** A notification (spec 002 §3). `testo` is HTML. */
export type NotificationItem = WireNotification;

export type NotificationPage = WireNotificationPage;
