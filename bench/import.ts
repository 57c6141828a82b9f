/**
 * Bulk import validation at scale (issue 17): an .xlsx of 2,000 and one of 50,000 valid rows (the 14
 * columns of §3, written with exceljs's streaming writer), validated as an upload is, on embedded PGlite
 * in a temporary folder: the checks before unpacking (`checkUpload`: zip entries, declared and inflated
 * sizes) and the validation job (`validateImport`: rows streamed by exceljs's WorkbookReader, every rule,
 * the database asked once per 500 rows, the output file written as it goes). Side by side, the floor:
 * reading the same file with exceljs's WorkbookReader alone (every row's values touched). For each: the
 * time, and the growth of the process's resident memory (peak sampled every 20 ms, minus the figure
 * before; after a GC when node runs with --expose-gc). Targets: 2,000 rows validated in at most 3 s;
 * 50,000 rows with memory growing by less than 256 MB. For the smaller file also the import itself once
 * accepted (one transaction: employees, contracts, credit lines; no target given). Prints a table, writes `import-results.json` here
 * (machine figures, not committed). About a minute on 2 cores.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { runMigrations } from '../src/server/db/migrate';
import { checkUpload } from '../src/server/services/import-sheet';
import { folderFileStore } from '../src/server/services/file-store';
import {
  applyImport,
  createImport,
  decideImport,
  importsDir,
  validateImport,
} from '../src/server/services/imports';
import { onFreshPglite } from './databases';
import { benchUploader, writeImportFile } from './import-files';

const SIZES = [2_000, 50_000];
const TIME_TARGET_MS = 3_000;
const TIME_TARGET_ROWS = 2_000;
const MEMORY_TARGET_MB = 256;
const RESULTS_FILE = fileURLToPath(new URL('./import-results.json', import.meta.url));

const gc = (globalThis as { gc?: () => void }).gc;

/** Runs `work`, answering its time and the growth of resident memory at its peak. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; growthMb: number; heapPeakMb: number; value: T }> {
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const start = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - start;
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    return {
      ms: Math.round(ms),
      growthMb: Math.round(((peakRss - before.rss) / 1024 / 1024) * 10) / 10,
      heapPeakMb: Math.round((peakHeap / 1024 / 1024) * 10) / 10,
      value,
    };
  } finally {
    clearInterval(timer);
  }
}

/** The floor: exceljs's streaming reader alone over the same file, every value touched. */
async function readAlone(path: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let cells = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      for (const value of row.values as unknown[]) if (value !== undefined) cells += 1;
    }
  }
  return cells;
}

interface Row {
  rows: number;
  bytes: number;
  readAloneMs: number;
  readAloneGrowthMb: number;
  checkMs: number;
  validateMs: number;
  validateGrowthMb: number;
  validateHeapPeakMb: number;
  status: string;
  /** accept + import of every row in one transaction (smaller file only). */
  applyMs?: number;
  targetMs?: number;
  targetGrowthMb?: number;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'welfare-bench-import-'));
  const uploadsDir = join(work, 'uploads');
  await mkdir(importsDir(uploadsDir), { recursive: true });
  // The embedded database's store: the uploads folder (src/server/services/file-store.ts).
  const files = folderFileStore(uploadsDir);
  const results: Row[] = [];
  try {
    await onFreshPglite(async (database) => {
      const db = database.db;
      await runMigrations(db);
      const { companyId, userId } = await benchUploader(db);
      for (const rows of SIZES) {
        const file = join(work, `righe-${rows}.xlsx`);
        await writeImportFile(file, rows);
        const content = await readFile(file);
        const alone = await measured(() => readAlone(file));
        const check = await measured(() => checkUpload(content));
        // Stored and recorded IN_QUEUE as an upload is.
        const job = {
          id: await createImport(db, files, {
            companyId,
            userId,
            fileName: `righe-${rows}.xlsx`,
            content,
          }),
        };
        const validation = await measured(() => validateImport({ db, files }, { id: job.id }));
        const done = await db
          .selectFrom('import_jobs')
          .select(['status', 'rows_total'])
          .where('id', '=', job.id)
          .executeTakeFirstOrThrow();
        if (done.rows_total !== rows) throw new Error(`righe validate ${done.rows_total}, attese ${rows}`);
        // The import itself (one transaction: employees, contracts, credit lines), for the smaller file.
        let applyMs: number | undefined;
        if (rows === TIME_TARGET_ROWS) {
          await decideImport(db, job.id, 'ACCEPTED_BY_BACKOFFICE');
          const applied = await measured(() =>
            applyImport(
              { db, files, sendMail: async () => {}, baseUrl: 'http://localhost:8080' },
              { id: job.id },
            ),
          );
          if (applied.value.status !== 'IMPORTED_SUCCESSFULLY') throw new Error('import non riuscito');
          applyMs = applied.ms;
        }
        results.push({
          rows,
          bytes: content.length,
          readAloneMs: alone.ms,
          readAloneGrowthMb: alone.growthMb,
          checkMs: check.ms,
          validateMs: validation.ms,
          validateGrowthMb: validation.growthMb,
          validateHeapPeakMb: validation.heapPeakMb,
          status: done.status,
          ...(applyMs === undefined ? {} : { applyMs }),
          ...(rows === TIME_TARGET_ROWS
            ? { targetMs: TIME_TARGET_MS }
            : { targetGrowthMb: MEMORY_TARGET_MB }),
        });
      }
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.info(`Validazione dell'import (PGlite${gc ? ', con GC prima di ogni misura' : ''}):`);
  const header = [
    'righe',
    'file KB',
    'solo exceljs ms',
    'controllo zip ms',
    'validazione ms',
    'obiettivo ms',
    'memoria solo exceljs MB',
    'memoria validazione MB',
    'obiettivo memoria MB',
    'stato',
    'importazione ms',
  ];
  const lines = [
    header,
    ...results.map((r) => [
      String(r.rows),
      String(Math.round(r.bytes / 1024)),
      String(r.readAloneMs),
      String(r.checkMs),
      String(r.validateMs),
      r.targetMs ? `<= ${r.targetMs}` : '-',
      String(r.readAloneGrowthMb),
      String(r.validateGrowthMb),
      r.targetGrowthMb ? `< ${r.targetGrowthMb}` : '-',
      r.status,
      r.applyMs === undefined ? '-' : String(r.applyMs),
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  process.stdout.write(
    `${lines.map((l) => l.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ')).join('\n')}\n`,
  );
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2) + '\n',
  );
  console.info(`Scritto ${RESULTS_FILE}`);
}

await main();
