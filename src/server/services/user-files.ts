/**
 * "I Miei Files" (spec 002 §2.7, §3, §5, §7): the user's documents attached to purchases, grouped by
 * purchase (newest first), each with its type, the purchase's category and a server-made thumbnail
 * (made by a job when the file was uploaded, services/thumbnails.ts: the list only reads rows, and a
 * file whose thumbnail is not made yet shows none);
 * filtered by purchase id (`id_ordine`), purchase category (`id_categoria`) and document type
 * (`id_tipo_file`). Only the user's own purchases and documents are read: another user's never appear.
 * The back office's file management can call `userFileGroups` with the chosen employee's id.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { GruppoFileUtente } from '../../../schemas/wire-types.gen';

export interface UserFileFilters {
  id_ordine?: number;
  id_categoria?: number;
  id_tipo_file?: number;
}

/** The purchase's category: `id_categ` of its payload, when it is a number. */
const categoryId = sql<number | null>`case when p.payload->>'id_categ' ~ '^[0-9]{1,9}$'
  then (p.payload->>'id_categ')::int end`;

export async function userFileGroups(
  db: Kysely<DB>,
  userId: number,
  filters: UserFileFilters,
): Promise<GruppoFileUtente[]> {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('purchases as p', 'p.id', 'd.purchase_id')
    .innerJoin('document_types as t', 't.id', 'd.file_kind_id')
    .leftJoin('purchase_categories as c', (join) => join.on(sql`c.id`, '=', categoryId))
    .select([
      'p.id as purchase_id',
      'p.oggetto',
      'p.created',
      categoryId.as('id_categ'),
      'c.nome as nome_categ',
      'd.id',
      'd.nome_file',
      'd.file_kind_id',
      't.nome as tipo',
      'd.mime',
      'd.thumbnail',
    ])
    .where('d.user_id', '=', userId)
    .where('p.user_id', '=', userId)
    .where('d.deleted_at', 'is', null);
  if (filters.id_ordine !== undefined) query = query.where('p.id', '=', filters.id_ordine);
  if (filters.id_tipo_file !== undefined) query = query.where('d.file_kind_id', '=', filters.id_tipo_file);
  if (filters.id_categoria !== undefined) query = query.where(categoryId, '=', filters.id_categoria);
  const rows = await query.orderBy('p.created', 'desc').orderBy('p.id', 'desc').orderBy('d.id').execute();

  const groups = new Map<number, GruppoFileUtente>();
  for (const row of rows) {
    let group = groups.get(row.purchase_id);
    if (!group) {
      group = {
        id: row.purchase_id,
        oggetto: row.oggetto,
        id_categ: row.id_categ,
        nome_categ: row.nome_categ ?? null,
        created: new Date(row.created).toISOString(),
        files: [],
      };
      groups.set(row.purchase_id, group);
    }
    group.files.push({
      nome_file: row.nome_file,
      tipo_file: row.tipo,
      id_tipo_file: row.file_kind_id,
      id_categ: row.id_categ,
      id_resource: row.id,
      mime: row.mime,
      base64_thumb: row.thumbnail ? Buffer.from(row.thumbnail).toString('base64') : null,
    });
  }
  return [...groups.values()];
}
