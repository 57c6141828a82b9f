/**
 * Read and write side of the referent back office (spec 002 §2.8, §2.9, §3, §4.3, §7): the company's
 * credit expiry schedule, welfare plans and their credits file, employees and their files, public keys
 * and consultants, and the Loyalty and Incentive top-up with its pro-forma. Every function takes the
 * company acted for (the back-office plugin's `request.company`): nothing here reads another company.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { screenConstants } from '../../../config/screen-constants';
import type { PageSizes } from '../../../config/tables/types';
import type {
  ChiavePubblica,
  DipendenteAzienda,
  FileUtenteAzienda,
  PianoWelfare,
  RicaricaIncentive,
  RigaScadenzario,
} from '../../../schemas/wire-types.gen';
import { incentiveFigures } from '../../shared/incentive';
import { formatCents, formatEuro } from '../../shared/money';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { pageOf, type PageAnswer, type PageSlice } from './paging';
import { writeXlsx } from './spreadsheet';

/** The schedule's date for an employee who never had credit (002 §4.3: the 1970 epoch date). */
export const EPOCH_DAY = '1970-01-01';

// ---------------------------------------------------------------------------------------------
// Schedule (office-scadenzario-azi)

interface ScheduleRow {
  id: number;
  cognome: string;
  nome: string;
  totale: number | string;
  art51c3: number | string;
  prossima: string | null;
  ultima: string | null;
}

/**
 * One row per employee of the company (surname, name, id), as credit stands on `day`: spendable
 * credit of the valid lines, of which art. 51 c.3, and `scadenza_credito` = the nearest expiry of a
 * valid line with credit left; without one, the latest expiry already past; never any line: 1970-01-01.
 * The page of employees is read first (index users_company_name_idx), then each one's lines.
 */
/** A keyset cursor over the company's employees (surname, name, id). */
interface EmployeeCursor {
  cognome: string;
  nome: string;
  id: number;
}

function scheduleQuery(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  limit: number,
  offset: number,
  after: EmployeeCursor | null = null,
) {
  const cursor = after
    ? sql`AND (cognome, nome, id) > (${after.cognome}, ${after.nome}, ${after.id})`
    : sql``;
  return sql<ScheduleRow>`
    SELECT u.id, u.cognome, u.nome, c.totale, c.art51c3, c.prossima, c.ultima
      FROM (SELECT id, cognome, nome FROM users WHERE company_id = ${companyId} ${cursor}
             ORDER BY cognome, nome, id LIMIT ${limit} OFFSET ${offset}) AS u
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(l.credito_spendibile) FILTER (WHERE l.data_decorrenza <= ${day}::date
                                                            AND l.data_scadenza >= ${day}::date), 0)::bigint AS totale,
               coalesce(sum(l.credito_spendibile) FILTER (WHERE l.is_art51c3 AND l.data_decorrenza <= ${day}::date
                                                            AND l.data_scadenza >= ${day}::date), 0)::bigint AS art51c3,
               min(l.data_scadenza) FILTER (WHERE l.credito_spendibile > 0 AND l.data_decorrenza <= ${day}::date
                                              AND l.data_scadenza >= ${day}::date) AS prossima,
               max(l.data_scadenza) FILTER (WHERE l.data_scadenza < ${day}::date) AS ultima
          FROM credit_lines AS l WHERE l.user_id = u.id) AS c
     ORDER BY u.cognome, u.nome, u.id`.execute(db);
}

const dayText = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function scheduleRow(r: ScheduleRow): RigaScadenzario {
  return {
    id: r.id,
    cognome: r.cognome,
    nome: r.nome,
    credito_tot: formatCents(Number(r.totale)),
    credito_art51c3: formatCents(Number(r.art51c3)),
    scadenza_credito: dayText(r.prossima) ?? dayText(r.ultima) ?? EPOCH_DAY,
  };
}

export async function schedulePage(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  slice: PageSlice,
): Promise<PageAnswer<RigaScadenzario>> {
  return pageOf(
    slice,
    async () =>
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    async ({ limit, offset }) =>
      (await scheduleQuery(db, companyId, day, limit, offset)).rows.map(scheduleRow),
  );
}

/**
 * Employees per query of an export. On the embedded database (one connection, each query run on the
 * event loop) a query holds every other request: one query for 20,000 employees took 2-3 s there.
 */
export const EXPORT_BATCH = 500;

/** Every row of a query over the company's employees, batch by batch, by keyset (surname, name, id). */
async function* employeeBatches<R extends EmployeeCursor>(
  query: (limit: number, after: EmployeeCursor | null) => Promise<{ rows: R[] }>,
): AsyncGenerator<R[]> {
  let after: EmployeeCursor | null = null;
  for (;;) {
    const { rows } = await query(EXPORT_BATCH, after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { cognome: last.cognome, nome: last.nome, id: last.id };
  }
}

export async function writeScheduleXlsx(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  out: Writable,
): Promise<void> {
  await writeXlsx(out, {
    sheetName: formatMessage('scheduleTitle'),
    columns: [
      { header: formatMessage('profileSurname'), kind: 'text', width: 20 },
      { header: formatMessage('profileName'), kind: 'text', width: 18 },
      { header: formatMessage('creditTotalColumn'), kind: 'money', width: 16 },
      { header: formatMessage('apiColArt51Credit'), kind: 'money', width: 18 },
      { header: formatMessage('creditExpiryColumn'), kind: 'date', width: 18 },
    ],
    async fill(rows) {
      for await (const batch of employeeBatches((limit, after) =>
        scheduleQuery(db, companyId, day, limit, 0, after),
      )) {
        await rows.add(
          batch.map((r) => {
            const row = scheduleRow(r);
            return [row.cognome, row.nome, Number(r.totale), Number(r.art51c3), row.scadenza_credito];
          }),
        );
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Welfare plans (office-ref-azi-piani-welfare)

export type PlanState = 'tutti' | 'scaduti' | 'attivi';

/**
 * The company's plans overlapping the year (all years when absent), all, expired (before `day`) or
 * active (not expired), by start date. A child whose parent is filtered out is still listed.
 */
export async function welfarePlans(
  db: Kysely<DB>,
  companyId: number,
  day: string,
  filter: { anno?: number | undefined; stato?: PlanState | undefined },
): Promise<{ count: number; results: PianoWelfare[] }> {
  let query = db
    .selectFrom('welfare_plans')
    .select(['wpw_id', 'wpw_descrizione', 'wpw_data_decorrenza', 'wpw_data_scadenza', 'wpw_id_piano_padre'])
    .where('company_id', '=', companyId);
  if (filter.anno !== undefined) {
    query = query
      .where('wpw_data_decorrenza', '<=', `${filter.anno}-12-31`)
      .where('wpw_data_scadenza', '>=', `${filter.anno}-01-01`);
  }
  if (filter.stato === 'scaduti') query = query.where('wpw_data_scadenza', '<', day);
  if (filter.stato === 'attivi') query = query.where('wpw_data_scadenza', '>=', day);
  const rows = await query.orderBy('wpw_data_decorrenza').orderBy('wpw_id').execute();
  const results = rows.map((r) => ({
    ...r,
    wpw_data_decorrenza: dayText(r.wpw_data_decorrenza)!,
    wpw_data_scadenza: dayText(r.wpw_data_scadenza)!,
  }));
  return { count: results.length, results };
}

/** The plan's credits file: one row per employee the plan gave credit to (the caller checks the plan's company: `requirePlan`). */
export async function writePlanCreditsXlsx(db: Kysely<DB>, planId: number, out: Writable): Promise<void> {
  await writeXlsx(out, {
    sheetName: formatMessage('apiSheetPlanCredits'),
    columns: [
      { header: formatMessage('profileSurname'), kind: 'text', width: 20 },
      { header: formatMessage('profileName'), kind: 'text', width: 18 },
      { header: formatMessage('profileTaxCode'), kind: 'text', width: 18 },
      { header: formatMessage('creditTotalColumn'), kind: 'money', width: 16 },
      { header: formatMessage('apiColArt51Credit'), kind: 'money', width: 18 },
    ],
    async fill(sheet) {
      const batches = employeeBatches((limit, after) => {
        let query = db
          .selectFrom('welfare_plan_credits as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select(['u.id', 'u.cognome', 'u.nome', 'u.cod_fisc', 'c.credito_tot', 'c.credito_art51c3'])
          .where('c.plan_id', '=', planId);
        if (after) {
          query = query.where(
            (eb) => eb.refTuple('u.cognome', 'u.nome', 'u.id'),
            '>',
            (eb) => eb.tuple(after.cognome, after.nome, after.id),
          );
        }
        return query
          .orderBy('u.cognome')
          .orderBy('u.nome')
          .orderBy('u.id')
          .limit(limit)
          .execute()
          .then((rows) => ({ rows }));
      });
      for await (const rows of batches) {
        await sheet.add(rows.map((r) => [r.cognome, r.nome, r.cod_fisc, r.credito_tot, r.credito_art51c3]));
      }
    },
  });
}

/** 404 unless the plan belongs to the company. */
export async function requirePlan(db: Kysely<DB>, companyId: number, planId: number): Promise<void> {
  const plan = await db
    .selectFrom('welfare_plans')
    .select('wpw_id')
    .where('wpw_id', '=', planId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!plan) throw ApiError.of(404, 'apiPlanNotFound');
}

// ---------------------------------------------------------------------------------------------
// Employees and their files (office-user-files)

/**
 * Every employee of the company, ceased ones included (marked), by surname and name, with the e-mail
 * that tells namesakes apart in the pickers.
 */
export async function companyEmployees(
  db: Kysely<DB>,
  companyId: number,
  onlyActive: boolean,
): Promise<DipendenteAzienda[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'uid', 'cognome', 'nome', 'email', 'is_cessato'])
    .where('company_id', '=', companyId);
  if (onlyActive) query = query.where('is_cessato', '=', false);
  return query.orderBy('cognome').orderBy('nome').orderBy('id').execute();
}

/** The employee of the company with this uid; 404 for anyone else (another company's uid included). */
export async function employeeByUid(db: Kysely<DB>, companyId: number, uid: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`uid::text`, '=', uid.toLowerCase())
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiUserUidUnknown');
  return row.id;
}

export interface UserFileFilter {
  id_tipo_file?: number | undefined;
  id_categoria?: number | undefined;
  id_ordine?: number | undefined;
}

/**
 * The employee's live documents, one row per file, grouped by request (`id_ordine`, `oggetto`; files
 * not joined to a request have neither), the latest first.
 */
export async function employeeFiles(
  db: Kysely<DB>,
  userId: number,
  uid: string,
  filter: UserFileFilter,
): Promise<FileUtenteAzienda[]> {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('document_types as t', 't.id', 'd.file_kind_id')
    .leftJoin('purchases as p', 'p.id', 'd.purchase_id')
    .select([
      'd.id',
      'd.nome_file',
      'd.file_kind',
      'd.file_kind_id',
      't.nome as tipo_nome',
      'd.purchase_id',
      'd.created',
      'p.oggetto',
      'p.kind',
    ])
    .where('d.user_id', '=', userId)
    .where('d.deleted_at', 'is', null);
  if (filter.id_tipo_file !== undefined) query = query.where('d.file_kind_id', '=', filter.id_tipo_file);
  if (filter.id_categoria !== undefined) query = query.where('p.kind', '=', filter.id_categoria);
  if (filter.id_ordine !== undefined) query = query.where('d.purchase_id', '=', filter.id_ordine);
  const rows = await query.orderBy('d.created', 'desc').orderBy('d.id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id_resource: r.id,
    uid,
    nome_file: r.nome_file,
    tipo_file: r.tipo_nome,
    id_tipo_file: r.file_kind_id,
    id_categ: r.kind ?? null,
    id_ordine: r.purchase_id,
    oggetto: r.oggetto ?? null,
    created: r.created.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Public keys and consultants (office-cifratura-chain, office-consulenti)

/** A public key as the company registers it: RSA of at least `rsaKeyBits` bits; else 400. */
export function parsePublicKey(text: string): { key: KeyObject; der: Buffer } {
  const invalid = () =>
    new ApiError(400, {
      chiave_pubblica: [formatMessage('apiKeyInvalid', { bits: screenConstants.rsaKeyBits })],
    });
  let key: KeyObject;
  try {
    const trimmed = text.trim();
    key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw invalid();
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (
    (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'rsa-pss') ||
    bits < screenConstants.rsaKeyBits
  ) {
    throw invalid();
  }
  return { key, der: key.export({ format: 'der', type: 'spki' }) };
}

export const KEY_PAGING: PageSizes = { pageSizes: [10, 25, 50, 100, 500], defaultPageSize: 50 };

export async function publicKeysPage(
  db: Kysely<DB>,
  companyId: number,
  onlyApiUsers: boolean,
  slice: PageSlice,
): Promise<PageAnswer<ChiavePubblica>> {
  let base = db
    .selectFrom('public_keys as k')
    .leftJoin('api_users as a', 'a.id', 'k.api_user_id')
    .where('k.company_id', '=', companyId)
    .where('k.deleted_at', 'is', null);
  if (onlyApiUsers) base = base.where('k.api_user_id', 'is not', null).where('a.revoked_at', 'is', null);
  return pageOf(
    slice,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    async ({ limit, offset }) =>
      (
        await base
          .select(['k.id', 'k.chiave_pubblica', 'a.username', 'k.created'])
          .orderBy('k.created', 'desc')
          .orderBy('k.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((r) => ({
        id: r.id,
        chiave_pubblica: r.chiave_pubblica,
        api_user_name: r.username ?? null,
        created: r.created.toISOString(),
      })),
  );
}

/**
 * Registers a public key for the company; with `api_user_name` it is a consultant's key (the
 * consultant is created, or a revoked one is given access again). 409 when the key is already live.
 */
export async function addPublicKey(
  db: Kysely<DB>,
  companyId: number,
  referentId: number,
  body: { chiave_pubblica: string; api_user_name?: string | null | undefined },
): Promise<ChiavePubblica> {
  const { der } = parsePublicKey(body.chiave_pubblica);
  const fingerprint = createHash('sha256').update(der).digest('hex');
  const stored = der.toString('base64');
  return db.transaction().execute(async (trx) => {
    let apiUser: { id: number; username: string } | null = null;
    if (body.api_user_name) {
      const username = body.api_user_name.trim().toLowerCase();
      apiUser = await trx
        .insertInto('api_users')
        .values({ company_id: companyId, username })
        .onConflict((oc) => oc.columns(['company_id', 'username']).doUpdateSet({ revoked_at: null }))
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow();
    }
    const row = await trx
      .insertInto('public_keys')
      .values({
        company_id: companyId,
        chiave_pubblica: stored,
        fingerprint,
        api_user_id: apiUser?.id ?? null,
        created_by: referentId,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'fingerprint']).where('deleted_at', 'is', null).doNothing(),
      )
      .returning(['id', 'created'])
      .executeTakeFirst();
    if (!row) throw ApiError.of(409, 'apiKeyDuplicate');
    return {
      id: row.id,
      chiave_pubblica: stored,
      api_user_name: apiUser?.username ?? null,
      created: row.created.toISOString(),
    };
  });
}

/** Deletes a key of the company (its private key verifies nothing from now on); 404 otherwise. */
export async function deletePublicKey(db: Kysely<DB>, companyId: number, keyId: number): Promise<void> {
  const row = await db
    .updateTable('public_keys')
    .set({ deleted_at: new Date() })
    .where('id', '=', keyId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiKeyNotFound');
}

/** Revokes the consultant of a key of the company (and deletes the key): refused at once from now on. */
export async function revokeConsultant(db: Kysely<DB>, companyId: number, keyId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom('public_keys')
      .select(['id', 'api_user_id'])
      .where('id', '=', keyId)
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where('api_user_id', 'is not', null)
      .executeTakeFirst();
    if (!key?.api_user_id) throw ApiError.of(404, 'apiConsultantNotFound');
    const now = new Date();
    await trx.updateTable('api_users').set({ revoked_at: now }).where('id', '=', key.api_user_id).execute();
    await trx
      .updateTable('public_keys')
      .set({ deleted_at: now })
      .where('api_user_id', '=', key.api_user_id)
      .where('deleted_at', 'is', null)
      .execute();
  });
}

// ---------------------------------------------------------------------------------------------
// Loyalty and Incentive top-up (office-incentive-toduba)

/** The pro-forma of a top-up request (pdf-lib, standard font): company, number, date, the figures. */
export async function topupPdf(input: {
  id: number;
  company: string;
  day: string;
  figures: ReturnType<typeof incentiveFigures>;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(formatMessage('apiTopupPdfTitle'));
  pdf.setCreator('Portale Welfare');
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [y, m, d] = input.day.split('-');
  const lines: [string, boolean][] = [
    [formatMessage('apiTopupPdfTitle'), true],
    [formatMessage('apiTopupPdfCompany', { name: input.company }), false],
    [formatMessage('apiTopupPdfNumber', { id: input.id, date: `${d}-${m}-${y}` }), false],
    ['', false],
    [formatMessage('apiTopupPdfAmount', { amount: formatEuro(input.figures.importo) }), false],
    [
      formatMessage('apiTopupPdfFee', {
        percent: screenConstants.incentiveFeePercent,
        amount: formatEuro(input.figures.commissione),
      }),
      false,
    ],
    [
      formatMessage('apiTopupPdfVat', {
        percent: screenConstants.incentiveVatPercent,
        amount: formatEuro(input.figures.iva),
      }),
      false,
    ],
    [formatMessage('apiTopupPdfTotal', { amount: formatEuro(input.figures.totale) }), true],
    ['', false],
    [formatMessage('apiTopupPdfNote'), false],
  ];
  let top = 780;
  for (const [text, strong] of lines) {
    // Intl's euro uses a narrow no-break space, which WinAnsi lacks: a plain no-break space instead.
    const printable = text.replace(/\u202f/g, '\u00a0');
    page.drawText(printable, {
      x: 56,
      y: top,
      size: strong ? 14 : 11,
      font: strong ? bold : font,
      color: rgb(0.1, 0.1, 0.1),
    });
    top -= strong ? 26 : 20;
  }
  return pdf.save();
}

/** Stores a top-up request of the company with its figures and pro-forma, in one transaction. */
export async function createTopup(
  db: Kysely<DB>,
  input: { companyId: number; referentId: number; importo: number; day: string },
): Promise<RicaricaIncentive> {
  const figures = incentiveFigures(input.importo);
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies')
      .select('nome')
      .where('id_azienda', '=', input.companyId)
      .executeTakeFirstOrThrow();
    const placeholder = new Uint8Array([0]);
    const row = await trx
      .insertInto('incentive_topups')
      .values({
        company_id: input.companyId,
        requested_by: input.referentId,
        ...figures,
        pdf: placeholder,
      })
      .returning(['id', 'created'])
      .executeTakeFirstOrThrow();
    const pdf = await topupPdf({ id: row.id, company: company.nome, day: input.day, figures });
    await trx.updateTable('incentive_topups').set({ pdf }).where('id', '=', row.id).execute();
    return topupAnswer({ id: row.id, created: row.created, ...figures });
  });
}

function topupAnswer(r: {
  id: number;
  created: Date;
  importo: number;
  commissione: number;
  iva: number;
  totale: number;
}): RicaricaIncentive {
  return {
    id: r.id,
    created: r.created.toISOString(),
    importo_ricarica: formatCents(r.importo),
    commissione: formatCents(r.commissione),
    iva: formatCents(r.iva),
    totale: formatCents(r.totale),
  };
}

export async function topups(db: Kysely<DB>, companyId: number): Promise<RicaricaIncentive[]> {
  const rows = await db
    .selectFrom('incentive_topups')
    .select(['id', 'created', 'importo', 'commissione', 'iva', 'totale'])
    .where('company_id', '=', companyId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(topupAnswer);
}

export async function topupPdfOf(db: Kysely<DB>, companyId: number, id: number): Promise<Buffer> {
  const row = await db
    .selectFrom('incentive_topups')
    .select('pdf')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiTopupNotFound');
  return Buffer.from(row.pdf);
}
