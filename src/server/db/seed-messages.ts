/**
 * Demo data of the internal messaging (issue 17): the messages the referent laura sends in the demo
 * seed (seed-home.ts, some already archived by her) are the ones Acme S.p.A. sent, so the back
 * office's "sent messages" and "archive" lists show them. Safe to run again.
 */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export async function seedMessages(db: Kysely<DB>, referentId: number): Promise<void> {
  const referent = await db
    .selectFrom('users')
    .select('company_id')
    .where('id', '=', referentId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('notifications')
    .set({ sender_company_id: referent.company_id })
    .where('sender_user_id', '=', referentId)
    .where('sender_company_id', 'is', null)
    .where('rif_esterno', 'like', 'seed-%')
    .execute();
}
