/**
 * Hostile workbooks for the bulk import (issue 27, "proved with real parts"): a zip whose declared
 * sizes (central directory, local header, data descriptor) differ from what its entries really unpack
 * to, and a workbook with a 200 MB shared-strings part (sent deflated, well under a megabyte), are
 * refused at once with the Italian text, and nothing is written to disk meanwhile. The streaming reader
 * of a validation (exceljs) writes no temporary file at all, also for a file at rest that never came
 * through the upload's check; a validation leaves only its input (and, when it succeeds, its output)
 * behind; what a killed run left in the imports folder is removed when the server starts.
 *
 * The disk is watched while each request runs: the imports folder and the system's temporary folder
 * (pointed at a folder of this test, where exceljs would put its copies of a worksheet).
 */
import {
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { crc32, createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importLimits } from '../../config/import-sheet';
import { messages } from '../../config/messages-api.it';
import { formatMessage } from '../../src/server/messages';
import { createImport, ORPHAN_AGE_MS, validateImport } from '../../src/server/services/imports';
import { multipart } from './forms-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';
import { hiddenEntryZip, row, xlsx, importStatus } from './import-helpers';

const MB = 1024 * 1024;
/** What a refused upload may take, all checks included (the slowest unpacks 100 MB into a counter). */
const FAST_MS = 5000;

// ---------------------------------------------------------------------------------------------
// Zips by hand

interface RawEntry {
  name: string;
  /** Deflated bytes. */
  data: Buffer;
  crc: number;
  /** The real unpacked size. */
  size: number;
  /** What the central directory declares (default: the real size). */
  declared?: number;
  /** What the local header declares (default: what the directory declares). */
  localDeclared?: number;
  /** Sizes in a data descriptor after the data (local header sizes 0, flag 8): what it declares. */
  descriptor?: number;
}

const deflated = (name: string, content: Buffer): RawEntry => ({
  name,
  data: deflateRawSync(content),
  crc: crc32(content),
  size: content.length,
});

/** `total` bytes of `pattern` over and over, deflated as a stream (never whole in memory). */
async function deflatedStream(name: string, head: string, pattern: string, tail: string, total: number) {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (part: Buffer) => {
    crc = crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(head));
  const block = Buffer.from(pattern.repeat(Math.ceil(MB / pattern.length)));
  const body = total - head.length - tail.length;
  for (let done = 0; done < body; done += block.length) {
    await write(block.subarray(0, Math.min(block.length, body - done)));
  }
  await write(Buffer.from(tail));
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(chunks), crc: crc >>> 0, size } satisfies RawEntry;
}

function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const declared = entry.declared ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.descriptor === undefined ? 0 : 8, 6);
    local.writeUInt16LE(8, 8);
    if (entry.descriptor === undefined) {
      local.writeUInt32LE(entry.crc, 14);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.localDeclared ?? declared, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const parts = [local, name, entry.data];
    if (entry.descriptor !== undefined) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.data.length, 8);
      descriptor.writeUInt32LE(entry.descriptor, 12);
      parts.push(descriptor);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.descriptor === undefined ? 0 : 8, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(...parts);
    centrals.push(central, name);
    offset += parts.reduce((sum, part) => sum + part.length, 0);
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of a real workbook (exceljs writes it), unpacked: the parts a forged one reuses. */
function workbookParts(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const parts = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    parts.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// The disk, watched

/** The files under a folder (one level of subfolders too: a job's own temporary folder). */
function filesUnder(folder: string): string[] {
  const found: string[] = [];
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    // tsx's compile cache, made by a child process (the thumbnail drawer) started meanwhile: not ours.
    if (entry.name.startsWith('tsx-')) continue;
    const path = join(folder, entry.name);
    found.push(path);
    if (entry.isDirectory()) {
      try {
        for (const name of readdirSync(path)) found.push(join(path, name));
      } catch {
        // gone meanwhile
      }
    }
  }
  return found;
}

/** The watches still running (a failed test stops them after itself). */
const watching = new Set<() => void>();

/**
 * Watches folders while something runs: every file that appears (by the folders' change events and a
 * poll every few milliseconds) and the largest size any of them reached.
 */
function watchDisk(folders: string[]) {
  const before = new Set(folders.flatMap(filesUnder));
  const seen = new Set<string>();
  let largest = 0;
  const look = () => {
    for (const path of folders.flatMap(filesUnder)) {
      if (before.has(path)) continue;
      seen.add(path);
      try {
        const info = statSync(path);
        if (info.isFile()) largest = Math.max(largest, info.size);
      } catch {
        // gone meanwhile: seen is enough
      }
    }
  };
  const watchers = folders.map((folder) => watch(folder, look));
  const timer = setInterval(look, 5);
  const end = () => {
    clearInterval(timer);
    for (const watcher of watchers) watcher.close();
  };
  watching.add(end);
  return {
    stop() {
      look();
      end();
      watching.delete(end);
      const left = folders.flatMap(filesUnder).filter((path) => !before.has(path));
      return { seen: [...seen], largest, left };
    },
  };
}

/** exceljs's temporary copies of a worksheet (the `tmp` package's names). */
const readerCopies = (paths: string[]) => paths.filter((path) => basename(path).startsWith('tmp-'));

/** What a reader or a job left in the temporary folder: exceljs's copies and the jobs' own folders. */
const leftInTmp = (folder: string) =>
  readdirSync(folder).filter((name) => name.startsWith('tmp-') || name.startsWith('welfare-file-'));

describe.each(backends)('hostile workbooks (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let lauraId: number;
  let acme: number;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-import-hostile-'));
  const imports = join(uploadsDir, 'imports');
  // exceljs puts its copies of a worksheet in the system's temporary folder: here, one of this test's own.
  const readerTmp = mkdtempSync(join(tmpdir(), 'welfare-import-reader-tmp-'));
  const savedTmp = process.env.TMPDIR;

  beforeAll(async () => {
    process.env.TMPDIR = readerTmp;
    expect(tmpdir()).toBe(readerTmp);
    mkdirSync(imports, { recursive: true });
    // The folder store on both databases: what is watched here is what the reader writes on this disk
    // (with the database store, the input's own copy for the reader would be one more file to allow).
    t = await buildTestApp(backend, { uploadsDir, fileStore: 'folder' });
    laura = await t.login('laura.bianchi@example.com');
    lauraId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'laura.bianchi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    acme = (
      await t.db
        .selectFrom('companies')
        .select('id_azienda')
        .where('nome', '=', 'Acme S.p.A.')
        .executeTakeFirstOrThrow()
    ).id_azienda;
  });
  afterEach(() => {
    for (const end of watching) end();
    watching.clear();
  });
  afterAll(async () => {
    await t?.close();
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    rmSync(uploadsDir, { recursive: true, force: true });
    rmSync(readerTmp, { recursive: true, force: true });
  });

  const jobs = async () =>
    Number(
      (
        await t.db
          .selectFrom('import_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Uploads while the disk is watched: the answer, how long it took, what was written. */
  async function upload(content: Buffer, name: string) {
    const body = multipart({}, [{ field: 'csv_ordine', filename: name, content }]);
    const disk = watchDisk([imports, readerTmp]);
    const started = performance.now();
    const response = await t.request({
      method: 'POST',
      url: '/api/importtools',
      token: laura,
      payload: body.payload,
      headers: { ...body.headers, 'act-for': String(acme) },
    });
    const ms = performance.now() - started;
    return { response, ms, disk: disk.stop() };
  }

  /** A refusal: 400 with the text, fast, no import recorded, no file written at all. */
  async function refused(content: Buffer, name: string, detail: string) {
    expect(content.length).toBeLessThan(MB);
    const count = await jobs();
    const { response, ms, disk } = await upload(content, name);
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toEqual({ detail });
    expect(ms).toBeLessThan(FAST_MS);
    expect(disk).toEqual({ seen: [], largest: 0, left: [] });
    expect(await jobs()).toBe(count);
    return ms;
  }

  it('refuses a zip whose declared sizes differ from what its entries unpack to, writing nothing', async () => {
    const real = Buffer.alloc(300 * MB);
    const sheet = deflated('xl/worksheets/sheet1.xml', real);
    const types = deflated('[Content_Types].xml', Buffer.from('<Types/>'));
    // Directory and local header agree on 1 KB; the entry unpacks to 300 MB.
    await refused(
      rawZip([types, { ...sheet, declared: 1024 }]),
      'dichiara-poco.xlsx',
      messages.apiImportZipTooLarge,
    );
    // The same behind a data descriptor (local sizes zero, as streaming writers do).
    await refused(
      rawZip([types, { ...sheet, declared: 1024, descriptor: 1024 }]),
      'descrittore.xlsx',
      messages.apiImportZipTooLarge,
    );
    // Honest directory, a local header (what a streaming reader trusts) that says 1 KB.
    const small = deflated('xl/worksheets/sheet1.xml', Buffer.alloc(2 * MB, 'a'));
    await refused(
      rawZip([types, { ...small, localDeclared: 1024 }]),
      'locale-diverso.xlsx',
      messages.apiImportNotSpreadsheet,
    );
    // Honest directory, a data descriptor that says otherwise.
    await refused(
      rawZip([types, { ...small, descriptor: 1024 }]),
      'descrittore-diverso.xlsx',
      messages.apiImportNotSpreadsheet,
    );
    // More declared than there is (50 MB declared, 2 MB real).
    await refused(
      rawZip([types, { ...small, declared: 50 * MB }]),
      'dichiara-troppo.xlsx',
      messages.apiImportNotSpreadsheet,
    );
    // Declared above the limit (the whole file would unpack past it).
    await refused(rawZip([types, { ...sheet }]), 'dichiara-il-vero.xlsx', messages.apiImportZipTooLarge);
  }, 120_000);

  it('refuses a workbook with a 200 MB shared-strings part fast, writing nothing', async () => {
    const parts = workbookParts(await xlsx([row(1, { Cognome: 'Rossi' })]));
    expect(parts.has('xl/sharedStrings.xml')).toBe(true);
    const strings = await deflatedStream(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      '<si><t>Rossi Mario Giuseppe</t></si>',
      '</sst>',
      200 * MB,
    );
    expect(strings.size).toBe(200 * MB);
    const forged = (declared: number) =>
      rawZip([
        ...[...parts]
          .filter(([name]) => name !== 'xl/sharedStrings.xml')
          .map(([name, content]) => deflated(name, content)),
        { ...strings, declared },
      ]);
    const times: number[] = [];
    // As it is: the declared total is past the limit.
    times.push(await refused(forged(200 * MB), 'stringhe-200mb.xlsx', messages.apiImportZipTooLarge));
    // Declared small: the counter stops once 1 MB came out.
    times.push(await refused(forged(MB), 'stringhe-1mb.xlsx', messages.apiImportZipTooLarge));
    // Declared just under the limit: 100 MB unpacked into the counter, never to disk.
    const underLimit = importLimits.maxUnpackedBytes - 28 * MB;
    times.push(await refused(forged(underLimit), 'stringhe-sotto.xlsx', messages.apiImportZipTooLarge));
    console.info(`200 MB sharedStrings refused in ${times.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  }, 120_000);

  it('reads a workbook without any temporary file, and re-checks a file at rest', async () => {
    // A real workbook: exceljs writes the worksheet before the shared strings, which its reader would
    // copy to a temporary file of the sheet's whole size before reading it.
    const rows = Array.from({ length: 1500 }, (_, i) => row(i + 1, { Cognome: `Cognome lungo ${i}` }));
    const good = await xlsx(rows);
    const order = [...workbookParts(good).keys()];
    expect(order.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(order.indexOf('xl/sharedStrings.xml'));
    const { response, disk } = await upload(good, 'buono.xlsx');
    expect(response.statusCode).toBe(201);
    const { id } = json<{ id: number }>(response);
    const reading = watchDisk([imports, readerTmp]);
    await expect
      .poll(importStatus(t.db, id), { timeout: 100_000, interval: 50 })
      .toBe('VALIDATION_COMPLETED');
    const read = reading.stop();
    // The reader copied nothing to disk; the output, made in the job's own temporary folder, went to the
    // store and the folder with it; in the imports folder (the embedded database's store) only the input
    // and the output stay.
    expect(readerCopies(read.seen)).toEqual([]);
    // The job's own temporary folder goes right after it wrote the status.
    await expect.poll(() => leftInTmp(readerTmp), { timeout: 10_000 }).toEqual([]);
    expect(read.largest).toBeLessThan(2 * MB);
    // (The validation may start before the upload's answer: its temporary folder is the job's own.)
    const kept = [...disk.left, ...read.left].filter((path) => !path.startsWith(readerTmp));
    expect(kept.every((path) => path.startsWith(imports))).toBe(true);
    // The input and the output, in the folder store on both databases.
    expect(kept).toHaveLength(2);

    // A file at rest that never came through the upload's check (a store written by other means): the
    // validation checks it again and refuses it with the text, writing nothing past its own output's header.
    const atRest = async (content: Buffer, detail: string) => {
      const stored = await createImport(t.db, t.app.files, {
        companyId: acme,
        userId: lauraId,
        fileName: 'a-riposo.xlsx',
        content,
      });
      const watching = watchDisk([imports, readerTmp]);
      const started = performance.now();
      await validateImport({ db: t.db, files: t.app.files }, { id: stored });
      const ms = performance.now() - started;
      const seen = watching.stop();
      const job = await t.db
        .selectFrom('import_jobs')
        .select(['status', 'note', 'output_stored'])
        .where('id', '=', stored)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'VALIDATION_FAILED', note: detail, output_stored: null });
      expect(ms).toBeLessThan(FAST_MS);
      expect(readerCopies(seen.seen)).toEqual([]);
      expect(seen.largest).toBeLessThan(64 * 1024);
      expect(seen.left).toEqual([]);
      expect(leftInTmp(readerTmp)).toEqual([]);
    };
    await atRest(
      rawZip(
        [deflated('xl/worksheets/sheet1.xml', Buffer.alloc(300 * MB))].map((e) => ({ ...e, declared: 1024 })),
      ),
      messages.apiImportZipTooLarge,
    );
    await atRest(
      hiddenEntryZip(
        { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
        { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(300 * MB) },
      ),
      messages.apiImportNotSpreadsheet,
    );
  }, 120_000);

  it('leaves only the input behind when a validation fails, and sweeps a killed run at start', async () => {
    const bad = await xlsx([row(1)], ['Nome', 'Cognome']);
    const { response } = await upload(bad, 'intestazione.xlsx');
    expect(response.statusCode).toBe(201);
    const { id } = json<{ id: number }>(response);
    const reading = watchDisk([imports, readerTmp]);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('import_jobs').select('note').where('id', '=', id).executeTakeFirstOrThrow())
            .note,
        { timeout: 100_000, interval: 50 },
      )
      .toContain(formatMessage('apiImportBadHeader', { columns: '' }).split(':')[0]!);
    const read = reading.stop();
    // Its output was started and removed; the reader copied nothing.
    expect(readerCopies(read.seen)).toEqual([]);
    await expect.poll(() => leftInTmp(readerTmp), { timeout: 10_000 }).toEqual([]);
    expect(read.left.filter((path) => !path.startsWith(readerTmp))).toEqual([]);

    // What a killed run leaves (an output half written, nobody names it) goes when a server starts.
    const orphan = join(imports, 'uscita-di-un-processo-ucciso');
    writeFileSync(orphan, Buffer.alloc(4096));
    const hourAgo = (Date.now() - ORPHAN_AGE_MS - 60_000) / 1000;
    utimesSync(orphan, hourAgo, hourAgo);
    const named = readdirSync(imports).filter((name) => name !== 'uscita-di-un-processo-ucciso');
    const second = await buildTestApp(backend, { uploadsDir, fileStore: 'folder' });
    try {
      await second.app.ready();
      const left = readdirSync(imports);
      expect(left).not.toContain('uscita-di-un-processo-ucciso');
      // The other database names none of this one's files, but they are young: they stay.
      expect(left).toEqual(expect.arrayContaining(named));
    } finally {
      await second.close();
    }
  }, 120_000);
});
