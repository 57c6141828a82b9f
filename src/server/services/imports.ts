/**
 * Bulk credit import (spec 002 §2.10, §3, §4.2, §5, §7; issue 17): the jobs of a company and their
 * two pieces of work.
 *
 * - `createImport`: an uploaded file that passed the checks of import-sheet.ts is stored (outside any
 *   served folder, generated name) and becomes a row IN_QUEUE; the caller queues `validateImport`.
 * - `validateImport` (a job): IN_QUEUE -> IN_PROGRESS (guarded UPDATE: a rerun after a crash starts
 *   again, a finished job is left alone), reads the rows one at a time, checks each (import-sheet.ts
 *   `checkRow`, plus what the database knows: an e-mail of another company's user is an error; an
 *   employee whose names or tax code change, and credit already expired, are warnings), writes the
 *   output file as it goes, then in one UPDATE guarded on IN_PROGRESS: VALIDATION_FAILED (some row has
 *   an error, or the file itself: the note says why), VALIDATION_COMPLETED_WITH_WARNINGS or
 *   VALIDATION_COMPLETED.
 * - `cancelImport`: the referent, from a completed validation, with or without anomalies (guarded
 *   UPDATE; issue 28: an import whose rows would overwrite an employee's data must be stoppable too).
 * - `acceptImport` / `rejectImport`: the operator (admin.ts), from a completed validation.
 * - `applyImport` (a job): ACCEPTED_BY_BACKOFFICE -> IMPORTED_SUCCESSFULLY in ONE transaction that locks
 *   the job row, re-reads and re-checks the file, creates or updates the employees, their contract data
 *   and their credit lines (ledger `insertCreditLoad`, integer cents, a natural key per line), and moves
 *   the status last: a crash rolls everything back and leaves it ACCEPTED, a rerun redoes it whole, a
 *   second runner waits on the lock and then finds it done. A failure rolls back and marks
 *   IMPORT_FAILED with the reason (a row no longer valid, e.g. its e-mail taken meanwhile by another company);
 *   any other error (database, process) rolls back and leaves it ACCEPTED for the rerun. New employees
 *   get their welcome mail (a link to set the password), written to the outbox in that transaction.
 *   On the embedded database (`batched`: one connection, which that transaction would hold for every
 *   other request) the same work commits in batches with its progress and resumes after the last one:
 *   `applyImportInBatches`.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, ImportJobStatus } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { romeDate } from './calendar';
import { importLimits } from '../../../config/import-sheet';
import { newStoredName, storeFile } from './documents';
import { fileKey, withLocalFile, withTemporaryDir, type FileStore } from './file-store';
import {
  checkRow,
  ImportFileError,
  OutputSheet,
  readSheetRows,
  type CellRead,
  type ImportRow,
} from './import-sheet';
import { insertCreditLoads, type AddCreditInput } from './ledger';
import { JOB_QUEUES } from './jobs';
import { hashToken } from './sessions';
import { welcomeMail, type Welcome } from './welcome-mail';
import type { Mailer } from '../plugins/mail';

/** Where the import files live: a folder of the uploads store (never served). */
export const importsDir = (uploadsDir: string) => join(uploadsDir, 'imports');

/** How old an unreferenced file must be before the start sweep removes it (another instance may be writing it). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * At start: the import files of the store (services/file-store.ts) that no import names (an upload
 * whose row was never written, an output whose job moved on) are removed once they are an hour old.
 * Answers how many went.
 */
export async function sweepOrphanFiles(db: Kysely<DB>, files: FileStore, now = Date.now()): Promise<number> {
  const listed = await files.list('imports');
  if (listed.length === 0) return 0;
  const rows = await db.selectFrom('import_jobs').select(['input_stored', 'output_stored']).execute();
  const named = new Set(rows.flatMap((r) => [r.input_stored, r.output_stored]).filter(Boolean));
  let removed = 0;
  for (const file of listed) {
    if (named.has(file.key.slice('imports/'.length))) continue;
    if (now - file.modified.getTime() < ORPHAN_AGE_MS) continue;
    await files.delete(file.key).catch(() => {});
    removed += 1;
  }
  return removed;
}

/** The key of an import file in the store. */
export const importKey = (stored: string) => fileKey('imports', stored);

const STORED_NAME = /^[a-z0-9-]{8,80}$/;
export function importFilePath(uploadsDir: string, stored: string): string {
  if (!STORED_NAME.test(stored)) throw new Error(`nome di file non valido: ${stored}`);
  return join(importsDir(uploadsDir), stored);
}

export const IMPORT_VALIDATE_QUEUE = JOB_QUEUES.importValidate;
export const IMPORT_APPLY_QUEUE = JOB_QUEUES.importApply;

export interface ImportJobData {
  id: number;
}

/** What the import jobs need: the database, the file store, and how to mail new employees. */
export interface ImportDeps {
  db: Kysely<DB>;
  /** The file store (services/file-store.ts): `app.files`. */
  files: FileStore;
  /** Sends one mail (the server's mailer, or the operator command's). */
  sendMail: (message: { to: string; subject: string; text: string; html?: string }) => Promise<void>;
  /** The portal's address, the base of the welcome link. */
  baseUrl: string;
  log?: { error(object: object, message: string): void };
  /**
   * The outbox (plugins/mail.ts): when given, the welcome mails are written in the import's own
   * transaction (committed with the users, or not at all); without it (the operator command) they are
   * sent with `sendMail` after the commit.
   */
  outbox?: Pick<Mailer, 'send'>;
  /**
   * Apply in batches (the embedded database: one connection, which one long transaction would hold
   * for every other request): see `applyImportInBatches`.
   */
  batched?: boolean;
  /** Tests: runs inside each batch's transaction of the batched apply, before it commits (a crash there). */
  beforeBatchCommit?: (lastRow: number) => Promise<void>;
  /** Tests: runs inside the import's transaction after the last row, before the status moves (a crash there). */
  beforeCommit?: () => Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The list and the files

export interface ImportListRow {
  id: number;
  status: ImportJobStatus;
  input_filename: string;
  output_filename: string | null;
  note: string;
  created: Date;
}

/** Every import of the company, newest first (002 §3: listed in full, no server paging). */
export async function listImports(db: Kysely<DB>, companyId: number): Promise<ImportListRow[]> {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'status', 'input_filename', 'output_filename', 'note', 'created_at as created'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .execute();
}

/** The stored file of a job of the company: 404 when the job is another company's or has no such file. */
export async function importFile(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  which: 'input' | 'output',
): Promise<{ key: string; fileName: string }> {
  const job = await db
    .selectFrom('import_jobs')
    .select(['input_filename', 'input_stored', 'output_filename', 'output_stored'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const stored = which === 'input' ? job?.input_stored : job?.output_stored;
  const fileName = which === 'input' ? job?.input_filename : job?.output_filename;
  if (!job || !stored || !fileName) throw ApiError.of(404, 'apiImportNotFound');
  return { key: importKey(stored), fileName };
}

// Control characters never belong in a file name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The name people see: the last segment of what the browser sent, cleaned, with its real extension. */
export function cleanImportName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  if (!/\.xlsx?$/i.test(name)) name = `${name || 'importazione'}.xlsx`;
  if (name.length > 200) name = `${name.slice(0, 195)}.xlsx`;
  return name;
}

export function outputNameOf(inputName: string): string {
  return `esito_${inputName.replace(/\.xlsx?$/i, '')}.xlsx`;
}

/** Stores a checked upload and records the job IN_QUEUE; returns its id. */
export async function createImport(
  db: Kysely<DB>,
  files: FileStore,
  input: { companyId: number; userId: number; fileName: string; content: Buffer },
): Promise<number> {
  const stored = await storeFile(files, 'imports', input.content);
  const row = await db
    .insertInto('import_jobs')
    .values({
      company_id: input.companyId,
      uploaded_by: input.userId,
      input_filename: cleanImportName(input.fileName),
      input_stored: stored,
      output_filename: null,
      output_stored: null,
      rows_total: null,
      rows_with_errors: null,
      rows_with_warnings: null,
      users_created: null,
      users_updated: null,
      credit_lines: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Validation

interface KnownUser {
  id: number;
  company_id: number;
  cognome: string;
  nome: string;
  cod_fisc: string;
}

const BATCH = 500;

async function knownUsers(db: Kysely<DB>, emails: string[]): Promise<Map<string, KnownUser>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'company_id', 'cognome', 'nome', 'cod_fisc'])
    .where('email', 'in', emails)
    .execute();
  return new Map(rows.map((r) => [r.email, r]));
}

interface Checked {
  number: number;
  cells: CellRead[];
  errors: string[];
  warnings: string[];
  row: ImportRow | null;
}

/** What the database adds to a row's own checks. */
function checkAgainst(
  checked: Checked,
  known: KnownUser | undefined,
  companyId: number,
  today: string,
): void {
  const row = checked.row;
  if (!row) return;
  if (known && known.company_id !== companyId) {
    checked.errors.push(formatMessage('apiImportEmailOtherCompany'));
    checked.row = null;
    return;
  }
  if (
    known &&
    (known.cognome !== row.cognome ||
      known.nome !== row.nome ||
      (known.cod_fisc && known.cod_fisc !== row.codiceFiscale))
  ) {
    checked.warnings.push(formatMessage('apiImportWarnUpdate'));
  }
  if (row.scadenza < today && row.welfareTotaleCents > 0)
    checked.warnings.push(formatMessage('apiImportWarnExpired'));
  if (row.impiegatoAl < today) checked.warnings.push(formatMessage('apiImportWarnCeased'));
}

export function rowResult(checked: Pick<Checked, 'errors' | 'warnings'>): string {
  if (checked.errors.length > 0)
    return `${formatMessage('apiImportResultErrors')} ${checked.errors.join(' ')}`;
  if (checked.warnings.length > 0) {
    return `${formatMessage('apiImportResultWarnings')} ${checked.warnings.join(' ')}`;
  }
  return formatMessage('apiImportResultOk');
}

export interface ValidationSummary {
  rows: number;
  withErrors: number;
  withWarnings: number;
}

/**
 * Reads and checks every row of a stored file, batch by batch (the database is asked once per
 * batch), handing each checked batch to `each`. Throws ImportFileError for a file-level problem.
 */
async function walkRows(
  db: Kysely<DB>,
  input: { files: FileStore; stored: string },
  companyId: number,
  today: string,
  each: (batch: Checked[]) => Promise<void> | void,
): Promise<ValidationSummary> {
  const seen = new Map<string, number>();
  const summary: ValidationSummary = { rows: 0, withErrors: 0, withWarnings: 0 };
  let batch: Checked[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const emails = batch.flatMap((c) => (c.row ? [c.row.email] : []));
    const known = await knownUsers(db, emails);
    for (const checked of batch) {
      checkAgainst(checked, checked.row ? known.get(checked.row.email) : undefined, companyId, today);
      summary.rows += 1;
      if (checked.errors.length > 0) summary.withErrors += 1;
      else if (checked.warnings.length > 0) summary.withWarnings += 1;
    }
    const done = batch;
    batch = [];
    await each(done);
  };
  // The reader wants a path: the folder's own file, or a copy of at most the upload limit, removed after.
  await withLocalFile(input.files, importKey(input.stored), importLimits.maxUploadBytes, async (path) => {
    for await (const { number, cells } of readSheetRows(path)) {
      batch.push({ number, cells, ...checkRow(cells, seen, number) });
      if (batch.length >= BATCH) await flush();
    }
  });
  await flush();
  if (summary.rows === 0) throw new ImportFileError('apiImportNoRows');
  return summary;
}

/** The job of a new upload (see the header). */
export async function validateImport(
  deps: Pick<ImportDeps, 'db' | 'files' | 'log'>,
  data: ImportJobData,
): Promise<void> {
  const { db } = deps;
  const job = await db
    .updateTable('import_jobs')
    .set((eb) => ({ status: 'IN_PROGRESS', attempts: eb('attempts', '+', 1), updated_at: new Date() }))
    .where('id', '=', data.id)
    .where('status', 'in', ['IN_QUEUE', 'IN_PROGRESS'])
    .returning(['id', 'company_id', 'input_stored', 'input_filename'])
    .executeTakeFirst();
  if (!job) return;
  // The output is written to a temporary folder, then put in the store (removed in every exit path).
  await withTemporaryDir((dir) => validateInto(deps, data, job, join(dir, 'esito.xlsx')));
}

async function validateInto(
  deps: Pick<ImportDeps, 'db' | 'files' | 'log'>,
  data: ImportJobData,
  job: { id: number; company_id: number; input_stored: string; input_filename: string },
  outputPath: string,
): Promise<void> {
  const { db, files } = deps;
  const outputStored = newStoredName();
  const output = new OutputSheet(outputPath);
  let status: ImportJobStatus;
  let note: string;
  let summary: ValidationSummary | null = null;
  let keepOutput = true;
  try {
    summary = await walkRows(db, { files, stored: job.input_stored }, job.company_id, romeDate(), (batch) => {
      for (const checked of batch) output.add(checked.cells, rowResult(checked));
    });
    await output.close();
    await files.put(importKey(outputStored), createReadStream(outputPath));
    status =
      summary.withErrors > 0
        ? 'VALIDATION_FAILED'
        : summary.withWarnings > 0
          ? 'VALIDATION_COMPLETED_WITH_WARNINGS'
          : 'VALIDATION_COMPLETED';
    note = validationNote(summary);
  } catch (error) {
    await output.close().catch(() => {});
    if (!(error instanceof ImportFileError)) {
      // The job runs again with a new output: this one, if stored, would stay behind unreferenced.
      await files.delete(importKey(outputStored)).catch(() => {});
      throw error;
    }
    // What the reader threw is for the operator: a file the user believes good, refused, is worth a look.
    if (error.cause) deps.log?.error({ err: error.cause, job: data.id }, 'file di import non leggibile');
    keepOutput = false;
    status = 'VALIDATION_FAILED';
    note = error.message;
  }
  const saved = await db
    .updateTable('import_jobs')
    .set({
      status,
      note,
      output_stored: keepOutput ? outputStored : null,
      output_filename: keepOutput ? outputNameOf(job.input_filename) : null,
      rows_total: summary?.rows ?? null,
      rows_with_errors: summary?.withErrors ?? null,
      rows_with_warnings: summary?.withWarnings ?? null,
      updated_at: new Date(),
    })
    .where('id', '=', job.id)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  if (!keepOutput || saved.numUpdatedRows === 0n) await files.delete(importKey(outputStored)).catch(() => {});
}

/**
 * The note of a finished validation, singular or plural by the number of rows (issue 28: never
 * "1 righe valide."): errors first, then anomalies, else every row valid.
 */
export function validationNote(summary: { rows: number; withErrors: number; withWarnings: number }): string {
  const { rows, withErrors: errors, withWarnings: warnings } = summary;
  if (errors > 0) {
    return rows === 1
      ? formatMessage('apiImportNoteErrorsOne')
      : formatMessage('apiImportNoteErrors', { rows, errors });
  }
  if (warnings > 0) {
    return rows === 1
      ? formatMessage('apiImportNoteWarningsOne')
      : formatMessage('apiImportNoteWarnings', { rows, warnings });
  }
  return rows === 1 ? formatMessage('apiImportNoteValidOne') : formatMessage('apiImportNoteValid', { rows });
}

// ---------------------------------------------------------------------------------------------
// The referent's and the operator's decisions

/**
 * What the referent may cancel: a completed validation, also "(Con Anomalie)" (spec 002 §2.10 / §4.2
 * name only VALIDATION_COMPLETED; issue 28 extends it to the warnings variant, which the operator
 * could otherwise accept with no way for the referent to stop it).
 */
export const CANCELLABLE: ImportJobStatus[] = ['VALIDATION_COMPLETED', 'VALIDATION_COMPLETED_WITH_WARNINGS'];

/** POST annulla: only a completed validation of the company (409 otherwise, 404 when not its own). */
export async function cancelImport(db: Kysely<DB>, companyId: number, id: number): Promise<void> {
  const done = await db
    .updateTable('import_jobs')
    .set({ status: 'CANCELLED_BY_COMPANY_REFERENT', updated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', 'in', CANCELLABLE)
    .executeTakeFirst();
  if (done.numUpdatedRows > 0n) return;
  const exists = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!exists) throw ApiError.of(404, 'apiImportNotFound');
  throw ApiError.of(409, 'apiImportNotCancellable');
}

const DECIDABLE: ImportJobStatus[] = ['VALIDATION_COMPLETED', 'VALIDATION_COMPLETED_WITH_WARNINGS'];

/** The operator's decision; false when the job is not a completed validation. */
export async function decideImport(
  db: Kysely<DB>,
  id: number,
  decision: 'ACCEPTED_BY_BACKOFFICE' | 'REJECTED_BY_BACKOFFICE',
  note?: string,
): Promise<boolean> {
  const done = await db
    .updateTable('import_jobs')
    .set({ status: decision, updated_at: new Date(), ...(note ? { note } : {}) })
    .where('id', '=', id)
    .where('status', 'in', DECIDABLE)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

// ---------------------------------------------------------------------------------------------
// The import

export interface ApplyResult {
  status: ImportJobStatus | null;
  created: number;
  updated: number;
  lines: number;
}

class ImportAbort extends Error {}

/** The job of an accepted import (see the header). */
export async function applyImport(deps: ImportDeps, data: ImportJobData): Promise<ApplyResult> {
  if (deps.batched) return applyImportInBatches(deps, data);
  const { db } = deps;
  const welcomes: Welcome[] = [];
  const today = romeDate();
  let result: ApplyResult;
  try {
    result = await db.transaction().execute(async (trx) => {
      // The lock: a second runner waits here, then finds the job done.
      const job = await trx
        .selectFrom('import_jobs as j')
        .innerJoin('companies as c', 'c.id_azienda', 'j.company_id')
        .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
        .select([
          'j.id',
          'j.status',
          'j.company_id',
          'j.input_stored',
          'c.customer_id',
          'c.nome as company',
          'cu.slug',
        ])
        .where('j.id', '=', data.id)
        .forUpdate('j')
        .executeTakeFirst();
      if (!job || job.status !== 'ACCEPTED_BY_BACKOFFICE') {
        return { status: job?.status ?? null, created: 0, updated: 0, lines: 0 };
      }
      const counts = { created: 0, updated: 0, lines: 0 };
      await walkRows(
        trx,
        { files: deps.files, stored: job.input_stored },
        job.company_id,
        today,
        async (batch) => {
          const rows: Array<{ number: number; row: ImportRow }> = [];
          for (const checked of batch) {
            if (!checked.row) {
              throw new ImportAbort(
                formatMessage('apiImportFailedRow', {
                  row: checked.number,
                  errors: checked.errors.join(' '),
                }),
              );
            }
            rows.push({ number: checked.number, row: checked.row });
          }
          await applyBatch(trx, job, rows, today, counts, welcomes);
        },
      );
      if (deps.outbox) {
        for (const welcome of welcomes.splice(0)) {
          await deps.outbox.send(welcomeMail(deps.baseUrl, welcome), { db: trx });
        }
      }
      await deps.beforeCommit?.();
      await trx
        .updateTable('import_jobs')
        .set({
          status: 'IMPORTED_SUCCESSFULLY',
          note: formatMessage('apiImportNoteImported', counts),
          users_created: counts.created,
          users_updated: counts.updated,
          credit_lines: counts.lines,
          updated_at: new Date(),
        })
        .where('id', '=', job.id)
        .where('status', '=', 'ACCEPTED_BY_BACKOFFICE')
        .execute();
      return { status: 'IMPORTED_SUCCESSFULLY' as const, ...counts };
    });
  } catch (error) {
    welcomes.length = 0;
    // Anything else (the database gone, the process stopping) leaves the job ACCEPTED: the transaction
    // rolled back, and the queue (or `import-run`) runs it again.
    if (!(error instanceof ImportAbort || error instanceof ImportFileError)) throw error;
    await db
      .updateTable('import_jobs')
      .set({ status: 'IMPORT_FAILED', note: error.message, updated_at: new Date() })
      .where('id', '=', data.id)
      .where('status', '=', 'ACCEPTED_BY_BACKOFFICE')
      .execute();
    return { status: 'IMPORT_FAILED', created: 0, updated: 0, lines: 0 };
  }
  for (const welcome of welcomes) {
    try {
      await deps.sendMail(welcomeMail(deps.baseUrl, welcome));
    } catch (error) {
      deps.log?.error({ err: error, job: data.id }, 'mail di benvenuto non inviata');
    }
  }
  return result;
}

/** One batch of valid rows: the employees (new ones in one INSERT), their contracts, their credit lines. */
async function applyBatch(
  trx: Transaction<DB>,
  job: { id: number; company_id: number; customer_id: number; company: string; slug: string },
  rows: ReadonlyArray<{ number: number; row: ImportRow }>,
  today: string,
  counts: { created: number; updated: number; lines: number },
  welcomes: Welcome[],
): Promise<void> {
  if (rows.length === 0) return;
  const existing = new Map(
    (
      await trx
        .selectFrom('users')
        .select(['id', 'email', 'company_id', 'cognome', 'nome', 'cod_fisc', 'is_cessato'])
        .where(
          'email',
          'in',
          rows.map((r) => r.row.email),
        )
        .execute()
    ).map((u) => [u.email, u]),
  );
  const ids = new Map<string, number>();
  const fresh: Array<{ number: number; row: ImportRow }> = [];
  for (const { number, row } of rows) {
    const user = existing.get(row.email);
    if (!user) {
      fresh.push({ number, row });
      continue;
    }
    if (user.company_id !== job.company_id) {
      throw new ImportAbort(
        formatMessage('apiImportFailedRow', {
          row: number,
          errors: formatMessage('apiImportEmailOtherCompany'),
        }),
      );
    }
    const ceased = row.impiegatoAl < today;
    if (
      user.cognome !== row.cognome ||
      user.nome !== row.nome ||
      user.cod_fisc !== row.codiceFiscale ||
      user.is_cessato !== ceased
    ) {
      await trx
        .updateTable('users')
        .set({ cognome: row.cognome, nome: row.nome, cod_fisc: row.codiceFiscale, is_cessato: ceased })
        .where('id', '=', user.id)
        .execute();
    }
    ids.set(row.email, user.id);
    counts.updated += 1;
  }
  if (fresh.length > 0) {
    const created = await trx
      .insertInto('users')
      .values(
        fresh.map(({ row }) => ({
          email: row.email,
          nome: row.nome,
          cognome: row.cognome,
          cod_fisc: row.codiceFiscale,
          company_id: job.company_id,
          customer_id: job.customer_id,
          is_cessato: row.impiegatoAl < today,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    for (const user of created) ids.set(user.email, user.id);
    counts.created += created.length;
    // The welcome links: a password link each (password-lost page; the tax code is the second proof).
    const links = fresh
      .filter(({ row }) => row.impiegatoAl >= today)
      .map(({ row }) => ({ row, token: randomBytes(32).toString('base64url') }));
    if (links.length > 0) {
      const now = new Date();
      await trx
        .insertInto('password_resets')
        .values(
          links.map(({ row, token }) => ({
            token_hash: hashToken(token),
            user_id: ids.get(row.email)!,
            kind: 'lost' as const,
            created_at: now,
          })),
        )
        .execute();
      for (const { row, token } of links) {
        welcomes.push({ email: row.email, name: `${row.nome} ${row.cognome}`, token, customer: job.slug });
      }
    }
  }
  await trx
    .insertInto('employee_contracts')
    .values(
      rows.map(({ row }) => ({
        user_id: ids.get(row.email)!,
        tipo_contratto: row.tipoContratto,
        inquadramento: row.inquadramento,
        impiegato_dal: row.impiegatoDal,
        impiegato_al: row.impiegatoAl,
        import_job_id: job.id,
      })),
    )
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        tipo_contratto: eb.ref('excluded.tipo_contratto'),
        inquadramento: eb.ref('excluded.inquadramento'),
        impiegato_dal: eb.ref('excluded.impiegato_dal'),
        impiegato_al: eb.ref('excluded.impiegato_al'),
        import_job_id: eb.ref('excluded.import_job_id'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
  const oggetto = formatMessage('apiImportMovementOggetto', { id: job.id });
  const loads: AddCreditInput[] = [];
  for (const { number, row } of rows) {
    const userId = ids.get(row.email)!;
    const line = (amountCents: number, isArt51c3: boolean, suffix: string): AddCreditInput => ({
      userId,
      amountCents,
      fonte: row.tipoFonte,
      isArt51c3,
      dataDecorrenza: row.decorrenza,
      dataScadenza: row.scadenza,
      oggetto,
      soggetto: job.company,
      rifEsterno: `import-${job.id}-${number}-${suffix}`,
    });
    const ordinary = row.welfareTotaleCents - row.welfareArt51c3Cents;
    if (ordinary > 0) loads.push(line(ordinary, false, 't'));
    if (row.welfareArt51c3Cents > 0) loads.push(line(row.welfareArt51c3Cents, true, 'a'));
  }
  counts.lines += await insertCreditLoads(trx, loads);
}

/** Rows of a batch of the batched apply: short transactions, so another request waits little. */
export const APPLY_BATCH_ROWS = 200;

/**
 * The import applied in batches (the embedded database). First a check of every row against the
 * database, in short reads: a row no longer valid fails the import before anything is written (as the
 * one-transaction apply does). Then the rows in batches of APPLY_BATCH_ROWS, each in its own
 * transaction that locks the job row, applies the batch (employees, contracts, credit lines with their
 * natural keys, the welcome mails in the outbox) and records the last row applied and the counts: a run
 * cut off (a crash, a restart) resumes after the last committed batch, and a second runner finds the
 * rows already applied. The status moves last. Between the check and a batch another company may take
 * an e-mail of the sheet: that batch fails the import with the reason, the batches before it stay
 * applied (the note says how many rows), which only a concurrent sign-up can cause.
 */
async function applyImportInBatches(deps: ImportDeps, data: ImportJobData): Promise<ApplyResult> {
  const { db } = deps;
  const today = romeDate();
  const job = await db
    .selectFrom('import_jobs as j')
    .innerJoin('companies as c', 'c.id_azienda', 'j.company_id')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .select([
      'j.id',
      'j.status',
      'j.company_id',
      'j.input_stored',
      'c.customer_id',
      'c.nome as company',
      'cu.slug',
    ])
    .where('j.id', '=', data.id)
    .executeTakeFirst();
  if (!job || job.status !== 'ACCEPTED_BY_BACKOFFICE') {
    return { status: job?.status ?? null, created: 0, updated: 0, lines: 0 };
  }
  const path = { files: deps.files, stored: job.input_stored };
  const fail = async (message: string) => {
    await db
      .updateTable('import_jobs')
      .set({ status: 'IMPORT_FAILED', note: message, updated_at: new Date() })
      .where('id', '=', job.id)
      .where('status', '=', 'ACCEPTED_BY_BACKOFFICE')
      .execute();
    return { status: 'IMPORT_FAILED' as const, created: 0, updated: 0, lines: 0 };
  };
  const invalid = (checked: Checked) =>
    formatMessage('apiImportFailedRow', { row: checked.number, errors: checked.errors.join(' ') });
  // The check: nothing is written when a row fails.
  let firstInvalid: string | null = null;
  try {
    await walkRows(db, path, job.company_id, today, (batch) => {
      const bad = batch.find((checked) => !checked.row);
      if (bad && firstInvalid === null) firstInvalid = invalid(bad);
    });
  } catch (error) {
    if (error instanceof ImportFileError) return fail(error.message);
    throw error;
  }
  if (firstInvalid !== null) return fail(firstInvalid);

  const welcomesAfter: Welcome[] = [];
  let pending: Checked[] = [];
  const applyPending = async () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('import_jobs')
        .select(['status', 'applied_through', 'users_created', 'users_updated', 'credit_lines'])
        .where('id', '=', job.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.status !== 'ACCEPTED_BY_BACKOFFICE') throw new ImportStopped();
      // Rows a previous run (or another runner) committed already.
      const rows = batch.filter((checked) => checked.number > current.applied_through);
      if (rows.length === 0) return;
      const bad = rows.find((checked) => !checked.row);
      if (bad) {
        throw new ImportAbort(
          current.applied_through === 0
            ? invalid(bad)
            : formatMessage('apiImportFailedRowPartly', {
                row: bad.number,
                errors: bad.errors.join(' '),
                applied: current.applied_through,
              }),
        );
      }
      const counts = { created: 0, updated: 0, lines: 0 };
      const welcomes: Welcome[] = [];
      await applyBatch(
        trx,
        job,
        rows.map((checked) => ({ number: checked.number, row: checked.row! })),
        today,
        counts,
        welcomes,
      );
      if (deps.outbox) {
        for (const welcome of welcomes)
          await deps.outbox.send(welcomeMail(deps.baseUrl, welcome), { db: trx });
      } else {
        welcomesAfter.push(...welcomes);
      }
      await deps.beforeBatchCommit?.(rows[rows.length - 1]!.number);
      await trx
        .updateTable('import_jobs')
        .set({
          applied_through: rows[rows.length - 1]!.number,
          users_created: (current.users_created ?? 0) + counts.created,
          users_updated: (current.users_updated ?? 0) + counts.updated,
          credit_lines: (current.credit_lines ?? 0) + counts.lines,
          updated_at: new Date(),
        })
        .where('id', '=', job.id)
        .execute();
    });
  };
  try {
    await walkRows(db, path, job.company_id, today, async (batch) => {
      for (const checked of batch) {
        pending.push(checked);
        if (pending.length >= APPLY_BATCH_ROWS) await applyPending();
      }
    });
    await applyPending();
  } catch (error) {
    if (error instanceof ImportStopped) return { status: null, created: 0, updated: 0, lines: 0 };
    if (!(error instanceof ImportAbort || error instanceof ImportFileError)) throw error;
    return fail(error.message);
  }
  const done = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('import_jobs')
      .select(['status', 'users_created', 'users_updated', 'credit_lines'])
      .where('id', '=', job.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const counts = {
      created: current.users_created ?? 0,
      updated: current.users_updated ?? 0,
      lines: current.credit_lines ?? 0,
    };
    if (current.status !== 'ACCEPTED_BY_BACKOFFICE') return { status: current.status, ...counts };
    await trx
      .updateTable('import_jobs')
      .set({
        status: 'IMPORTED_SUCCESSFULLY',
        note: formatMessage('apiImportNoteImported', counts),
        updated_at: new Date(),
      })
      .where('id', '=', job.id)
      .execute();
    return { status: 'IMPORTED_SUCCESSFULLY' as const, ...counts };
  });
  for (const welcome of welcomesAfter) {
    try {
      await deps.sendMail(welcomeMail(deps.baseUrl, welcome));
    } catch (error) {
      deps.log?.error({ err: error, job: data.id }, 'mail di benvenuto non inviata');
    }
  }
  return done;
}

/** The job left ACCEPTED_BY_BACKOFFICE meanwhile (another runner finished it): nothing more to do. */
class ImportStopped extends Error {}

/**
 * A job that failed its last attempt (the queue gives up): the import leaves its running status for
 * a failed one, with the reason, unless it moved on meanwhile.
 */
export async function giveUp(
  db: Kysely<DB>,
  id: number,
  from: ImportJobStatus[],
  to: 'VALIDATION_FAILED' | 'IMPORT_FAILED',
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: to, note: formatMessage('apiImportGaveUp'), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .execute();
}

/** The uploads still waiting for their first run (IN_QUEUE): what a start queues again. */
export async function unqueued(db: Kysely<DB>): Promise<number[]> {
  const rows = await db.selectFrom('import_jobs').select('id').where('status', '=', 'IN_QUEUE').execute();
  return rows.map((r) => r.id);
}

/** The accepted imports not done yet (a stop in the middle): what a start runs again. */
export async function pendingApplies(db: Kysely<DB>): Promise<number[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('status', '=', 'ACCEPTED_BY_BACKOFFICE')
    .execute();
  return rows.map((r) => r.id);
}
