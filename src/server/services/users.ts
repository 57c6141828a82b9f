/**
 * What the portal shell needs about the logged user: identity, credit, company, permissions,
 * notification counters.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { romeDate } from './calendar';
import { hasPopupSql } from './info-popup';
import { balanceLinesQuery, sumBalances, toWireCrediti, type BalanceLine } from './ledger';
import type { SessionUser } from './sessions';
import { userPermsQuery } from './reference-data';

/** What get-logged-user-info reads beside the session (`loggedUserColumns`), as the database sends it. */
export interface LoggedUserRow {
  nome: string;
  cognome: string;
  cod_fisc: string;
  covip_fondo: string | null;
  previdenza_is_ok: boolean;
  threshold_ok: boolean;
  ollipay_profile: string | null;
  ollipay_reg_status: boolean;
  azienda: { id: number; nome: string; cognome: string };
  /** The company a referent acts for when it is not the own one (the session's choice), else null. */
  act_for: { id: number; nome: string } | null;
  conv_special_agreed: boolean;
  eurete_cond_agreed: boolean;
  lines: BalanceLine[];
  /** Whether the customer has popup content that is not blank (`hasPopup`). */
  has_info_popup: boolean;
}

/**
 * What get-logged-user-info answers, as one JSON column read by the session query itself
 * (`config.sessionExtra`, plugins/auth.ts): a correlated subquery over the session `s` and its user
 * `u` with the company, the acting company, the credit lines the balance counts and whether the
 * customer has a popup. The call costs one round trip, the session check included.
 */
export function loggedUserColumns(db: Kysely<DB>, day: string = romeDate()): RawBuilder<LoggedUserRow> {
  return sql<LoggedUserRow>`(
    SELECT json_build_object(
             'nome', u.nome, 'cognome', u.cognome, 'cod_fisc', u.cod_fisc,
             'covip_fondo', u.covip_fondo, 'previdenza_is_ok', u.previdenza_is_ok,
             'threshold_ok', u.threshold_ok, 'ollipay_profile', u.ollipay_profile,
             'ollipay_reg_status', u.ollipay_reg_status,
             'azienda', json_build_object('id', c.id_azienda, 'nome', c.nome, 'cognome', c.cognome),
             -- Another company only (the own one is 'azienda'): looked up only when there is one.
             'act_for', CASE WHEN s.act_for IS NOT NULL AND s.act_for <> u.company_id THEN
                          (SELECT json_build_object('id', af.id_azienda, 'nome', af.nome)
                             FROM companies AS af WHERE af.id_azienda = s.act_for) END,
             -- The conventions disclaimer is accepted once for good (conv_special_agreements, 002 §2.1):
             -- every later session says so, not only the one it was accepted in.
             'conv_special_agreed', s.conv_special_agreed
                                    OR EXISTS (SELECT 1 FROM conv_special_agreements AS csa
                                                WHERE csa.user_id = u.id),
             'eurete_cond_agreed', s.eurete_cond_agreed,
             'lines', (SELECT coalesce(json_agg(l), '[]'::json)
                         FROM (${balanceLinesQuery(db, sql<number>`u.id`, day)}) AS l),
             -- Whether the customer has a popup (not its HTML): the same rule as hasPopup.
             'has_info_popup', EXISTS (SELECT 1 FROM info_popups AS ip
                                        WHERE ip.customer_id = u.customer_id
                                          AND ${hasPopupSql(sql<string>`ip.content`)}))
      FROM companies AS c
     WHERE c.id_azienda = u.company_id)`;
}

/** The answer of get-logged-user-info from the session and what `loggedUserColumns` read. */
export function loggedUserInfo(session: Pick<SessionUser, 'email' | 'profile'>, row: LoggedUserRow) {
  return {
    user_anag: {
      nome: row.nome,
      cognome: row.cognome,
      email: session.email,
      cod_fisc: row.cod_fisc,
      covip_fondo: row.covip_fondo,
      previdenza_is_ok: row.previdenza_is_ok,
    },
    user_credito: toWireCrediti(sumBalances(row.lines)),
    user_azi: row.azienda,
    profile: session.profile,
    threshold_ok: row.threshold_ok,
    ollipay_status: { profile: row.ollipay_profile, reg_status: row.ollipay_reg_status },
    session_infos: {
      conv_special_agreed: row.conv_special_agreed,
      eurete_cond_agreed: row.eurete_cond_agreed,
      // True when the customer has popup content (GET info_popup); the portal shows it once per session.
      show_user_info_popup: row.has_info_popup,
      act_for:
        session.profile === 'ref_aziendale'
          ? (row.act_for ?? { id: row.azienda.id, nome: row.azienda.nome })
          : null,
    },
  };
}

/** Keys of the menu-permission map: the profile's, changed for the customer, plus the user's own. */
export async function menuPermissions(db: Kysely<DB>, userId: number): Promise<string[]> {
  const row = await db
    .selectFrom('users as u')
    .select(userPermsQuery().as('perms'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? [...row.perms].sort() : [];
}

/** Sent, received and new received notifications; archived ones are not counted. */
export async function notificationStatus(db: Kysely<DB>, userId: number) {
  const sent = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('sender_user_id', '=', userId)
    .where('sender_archived', '=', false)
    .executeTakeFirstOrThrow();
  const received = await db
    .selectFrom('notification_recipients')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn
        .count<string | number>('notification_id')
        .filterWhere('conferma_lettura', '=', false)
        .as('unread'),
    ])
    .where('user_id', '=', userId)
    .where('archived', '=', false)
    .executeTakeFirstOrThrow();
  return { inviati: Number(sent.n), ricevuti: Number(received.n), ricevuti_new: Number(received.unread) };
}
