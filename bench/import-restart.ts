/**
 * Restart drill of the bulk import (issue 17): a 20,000-row file, validated and accepted, is imported
 * by the real server on an embedded database in a folder; the server is killed (SIGKILL) a few seconds
 * into the import, then started again. The drill checks that the kill left only whole batches, each
 * counted by the job (the import commits batch by batch), that the job finished after the restart and
 * that nothing was written twice: as many employees as rows, the credit lines the import counted and
 * the same number for every employee. It prints when the kill came, the state the kill left, and how
 * long the second start took to finish; it exits with 1 if a check fails. About a minute on 2 cores.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect';
import { runMigrations } from '../src/server/db/migrate';
import { folderFileStore } from '../src/server/services/file-store';
import { createImport, decideImport, validateImport } from '../src/server/services/imports';
import { benchUploader, writeImportFile } from './import-files';

const ROWS = 20_000;
const KILL_AFTER_MS = 4_000;
const SERVER = fileURLToPath(new URL('./import-restart-server.ts', import.meta.url));

type Server = ChildProcessByStdio<null, Readable, null>;

function startServer(folder: string, ...args: string[]): Server {
  return spawn(process.execPath, ['--import', 'tsx', SERVER, folder, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Resolves when the server prints `word`; fails if it exits first. */
function printed(server: Server, word: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`${word}\n`)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`il server è uscito (${code}) prima di ${word}`)));
  });
}

async function state(folder: string, id: number, companyId: number) {
  const database = await openDatabase({ dataDir: folder });
  try {
    const job = await database.db
      .selectFrom('import_jobs')
      .select(['status', 'users_created', 'credit_lines'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const perUser = await database.db
      .selectFrom('users')
      .leftJoin('credit_lines', 'credit_lines.user_id', 'users.id')
      .select(['users.id', sql<number>`count(credit_lines.id)::int`.as('lines')])
      .where('users.company_id', '=', companyId)
      .where('users.profile', '<>', 'ref_aziendale')
      .groupBy('users.id')
      .execute();
    const lines = perUser.reduce((sum, row) => sum + row.lines, 0);
    const shapes = new Set(perUser.map((row) => row.lines));
    return { ...job, employees: perUser.length, lines, linesPerEmployee: [...shapes].sort() };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'welfare-drill-'));
  try {
    // A folder like `npm start`'s, with one accepted 20,000-row import waiting.
    const database = await openDatabase({ dataDir: folder });
    let id: number;
    let companyId: number;
    try {
      await runMigrations(database.db);
      const uploader = await benchUploader(database.db);
      companyId = uploader.companyId;
      const file = join(folder, `righe-${ROWS}.xlsx`);
      await writeImportFile(file, ROWS);
      const uploadsDir = join(folder, 'uploads');
      id = await createImport(database.db, folderFileStore(uploadsDir), {
        ...uploader,
        fileName: `righe-${ROWS}.xlsx`,
        content: await readFile(file),
      });
      await validateImport({ db: database.db, files: folderFileStore(uploadsDir) }, { id });
      if (!(await decideImport(database.db, id, 'ACCEPTED_BY_BACKOFFICE'))) {
        throw new Error('la validazione non è terminata: import non accettabile');
      }
    } finally {
      await database.close();
    }

    // The server queues the accepted import at start and runs it; it is killed in the middle.
    const first = startServer(folder);
    await printed(first, 'READY');
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    const afterKill = await state(folder, id, companyId);

    // Started again: the import runs again, whole, once.
    const started = performance.now();
    const second = startServer(folder, '--until-idle');
    await printed(second, 'DONE');
    const finishedMs = performance.now() - started;
    await new Promise((resolve) => second.once('exit', resolve));
    const final = await state(folder, id, companyId);

    const checks = {
      'import terminato': final.status === 'IMPORTED_SUCCESSFULLY',
      'un dipendente per riga': final.employees === ROWS && final.users_created === ROWS,
      'righe di credito contate una volta': final.lines === final.credit_lines,
      'stesse righe per ogni dipendente': final.linesPerEmployee.length === 1,
      // The import commits batch by batch (issue 27, services/imports.ts `applyImportInBatches`): what the
      // kill left is whole batches, each counted by the job, every employee with all of his credit lines.
      'nulla scritto a metà dopo il kill':
        afterKill.users_created === afterKill.employees &&
        afterKill.credit_lines === afterKill.lines &&
        afterKill.linesPerEmployee.length <= 1,
    };
    console.info(
      `Import di ${ROWS} righe con il server ucciso (SIGKILL) durante il lavoro (PGlite su disco):`,
    );
    const figures = {
      'kill dopo il server pronto (ms)': KILL_AFTER_MS,
      'stato dopo il kill': afterKill.status,
      'dipendenti dopo il kill': afterKill.employees,
      'fine dopo il riavvio (ms)': Math.round(finishedMs),
      'stato finale': final.status,
      dipendenti: final.employees,
      'righe di credito': final.lines,
      'righe per dipendente': final.linesPerEmployee.join(', '),
    };
    for (const [what, value] of Object.entries(figures)) console.info(`  ${what.padEnd(34)} ${value}`);
    for (const [check, ok] of Object.entries(checks)) console.info(`${ok ? 'ok  ' : 'NO  '} ${check}`);
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
