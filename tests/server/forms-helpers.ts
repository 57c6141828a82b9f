/**
 * Helpers of the request-form and document tests: multipart bodies for upload_allegato, small real
 * files (PDF, PNG, JPEG), uploads through the API, the test app with its own uploads folder, counts of
 * a user's purchases and movements.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BuildAppOptions } from '../../src/server/app';
import { SEED_DOCUMENT_FILES } from '../../src/server/db/seed-forms';
import { romeDate } from '../../src/server/services/calendar';
import { buildTestApp, json, type Backend, type TestApp } from './helpers';

export const PDF = SEED_DOCUMENT_FILES.pdf.content;
export const PNG = SEED_DOCUMENT_FILES.png.content;
/** A JPEG start (SOI + APP0 JFIF) and an end marker: enough for a type decided by magic bytes. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\u0000', 'latin1'),
  randomBytes(64),
  Buffer.from([0xff, 0xd9]),
]);

export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  content: Buffer;
}

/** A multipart/form-data body with text fields first, then the files. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----welfare${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file_data'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface FormsTestApp extends TestApp {
  uploadsDir: string;
}

/** The demo app with an uploads folder of its own (removed at close), on either backend. */
export async function buildFormsApp(backend: Backend, options: BuildAppOptions = {}): Promise<FormsTestApp> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-test-uploads-'));
  const t = await buildTestApp(backend, { uploadsDir, ...options });
  return {
    ...t,
    uploadsDir,
    async close() {
      await t.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface UploadInput {
  kind: string;
  typeId: number | string;
  date?: string;
  num?: number | string;
  file?: FilePart;
}

export function uploadRequest(token: string, input: UploadInput) {
  const body = multipart(
    {
      file_kind: input.kind,
      file_kind_id: String(input.typeId),
      file_date: input.date ?? romeDate(),
      file_num: String(input.num ?? 1),
    },
    [input.file ?? { filename: 'documento.pdf', contentType: 'application/pdf', content: PDF }],
  );
  return { method: 'POST' as const, url: '/api/upload_allegato', token, ...body };
}

/** Uploads a document and returns its id (the answer must be 201). */
export async function upload(t: TestApp, token: string, input: UploadInput): Promise<number> {
  const response = await t.request(uploadRequest(token, input));
  expect(response.statusCode, response.body).toBe(201);
  return json<{ doc_id: number }>(response).doc_id;
}

/** How many purchases and movements a user has (a refused request adds neither). */
export async function ledgerCounts(t: TestApp, userId: number) {
  const purchases = await t.db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const movements = await t.db
    .selectFrom('movements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { purchases: Number(purchases.n), movements: Number(movements.n) };
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A test app with `email` signed in: its session token and user id. */
export async function appSignedIn(
  backend: Backend,
  options: Partial<BuildAppOptions>,
  email: string,
): Promise<{ t: TestApp; token: string; userId: number }> {
  const t = await buildTestApp(backend, options);
  return { t, token: await t.login(email), userId: await userIdOf(t, email) };
}
