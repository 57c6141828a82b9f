/**
 * What the portal shell needs about the logged user: identity, credit, company, permissions,
 * notification counters.
 */
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { romeDate } from './calendar';
import { hasPopup } from './info-popup';
import { balanceLinesQuery, sumBalances, toWireCrediti } from './ledger';

export async function loggedUserInfo(db: Kysely<DB>, userId: number, sessionId: number) {
  // One round trip: the user with the company, the session, the company a referent acts for, the
  // credit lines the balance counts and the customer's popup, as columns and subqueries.
  const row = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id_azienda', 'u.company_id')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .leftJoin('companies as af', (join) =>
      join.on('af.id_azienda', '=', sql<number>`coalesce(s.act_for, u.company_id)`),
    )
    .select((eb) => [
      'u.nome',
      'u.cognome',
      'u.email',
      'u.cod_fisc',
      'u.covip_fondo',
      'u.previdenza_is_ok',
      'u.profile',
      'u.threshold_ok',
      'u.ollipay_profile',
      'u.ollipay_reg_status',
      'c.id_azienda',
      'c.nome as azienda_nome',
      'c.cognome as azienda_cognome',
      'af.id_azienda as act_for_id',
      'af.nome as act_for_nome',
      's.conv_special_agreed',
      's.eurete_cond_agreed',
      jsonArrayFrom(balanceLinesQuery(db, sql<number>`u.id`, romeDate())).as('lines'),
      eb
        .selectFrom('info_popups as ip')
        .select('ip.content')
        .whereRef('ip.customer_id', '=', 'u.customer_id')
        .as('info_popup'),
    ])
    .where('u.id', '=', userId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiNotFound');

  const actFor =
    row.profile !== 'ref_aziendale'
      ? null
      : row.act_for_id !== null && row.act_for_nome !== null
        ? { id: row.act_for_id, nome: row.act_for_nome }
        : { id: row.id_azienda, nome: row.azienda_nome };

  return {
    user_anag: {
      nome: row.nome,
      cognome: row.cognome,
      email: row.email,
      cod_fisc: row.cod_fisc,
      covip_fondo: row.covip_fondo,
      previdenza_is_ok: row.previdenza_is_ok,
    },
    user_credito: toWireCrediti(sumBalances(row.lines)),
    user_azi: { id: row.id_azienda, nome: row.azienda_nome, cognome: row.azienda_cognome },
    profile: row.profile,
    threshold_ok: row.threshold_ok,
    ollipay_status: { profile: row.ollipay_profile, reg_status: row.ollipay_reg_status },
    session_infos: {
      conv_special_agreed: row.conv_special_agreed,
      eurete_cond_agreed: row.eurete_cond_agreed,
      // True when the customer has popup content (GET info_popup); the portal shows it once per session.
      show_user_info_popup: hasPopup(row.info_popup),
      act_for: actFor,
    },
  };
}

/** Keys of the menu-permission map: the profile's permissions plus the user's own. */
export async function menuPermissions(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profile_permissions as p')
    .innerJoin('users as u', 'u.profile', 'p.profile')
    .select('p.perm')
    .where('u.id', '=', userId)
    .union(db.selectFrom('user_permissions').select('perm').where('user_id', '=', userId))
    .execute();
  return rows.map((r) => r.perm).sort();
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
