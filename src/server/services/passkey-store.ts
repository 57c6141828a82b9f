/**
 * The stored passkeys of a user (issue 28; 180-passkeys.sql): what the sign-in needs to know before
 * any WebAuthn work (whether the user has one) and the profile's list. The WebAuthn ceremonies live in
 * services/passkeys.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Passkey } from '../../../schemas/wire-types.gen';

/** Whether the user has registered at least one passkey. */
export async function hasPasskeys(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The wire form of a stored passkey: name, creation and last use (ISO instants). */
export function passkeyOf(row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): Passkey {
  return {
    id: row.id,
    nome: row.name,
    creata: row.created_at.toISOString(),
    ultimo_utilizzo: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<DB>, userId: number): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(passkeyOf);
}
