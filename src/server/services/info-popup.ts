/**
 * The info popup of the home (spec 000 §2, §7): HTML content per customer, written by operators and
 * stored as written (the portal sanitizes it before showing it). No row, or blank content, means no
 * popup: the portal then shows nothing and `session_infos.show_user_info_popup` is false.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';

/** The customer's popup HTML, or '' when there is none. */
export async function infoPopupContent(db: Kysely<DB>, customerId: number): Promise<string> {
  const row = await db
    .selectFrom('info_popups')
    .select('content')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row && hasPopup(row.content) ? row.content : '';
}

/** Whether a customer's popup content (null: no row) is a popup to show: blank content is none. */
export function hasPopup(content: string | null | undefined): boolean {
  return typeof content === 'string' && content.trim() !== '';
}

/** What `String.prototype.trim` removes (WhiteSpace and LineTerminator), as regex escapes. */
const JS_TRIMMED = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;

/**
 * `hasPopup` in SQL, over a text column: whether it holds a character other than the whitespace that
 * JavaScript's `trim` removes. The session query of get-logged-user-info reads this flag instead of
 * the content (HTML of any length) on every call.
 */
export function hasPopupSql(content: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`(${content} ~ ${sql.lit(`[^${JS_TRIMMED}]`)})`;
}
