/**
 * Documents (spec 000 §5 "Files", §7 Documents; ARCHITECTURE.md §7): upload of one PDF, JPEG or PNG
 * (type by magic bytes, 3 MB limit, checked fields), the existing documents of a kind, clone, delete
 * (409 once attached to a request), download as an attachment, and 404 for someone else's document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { MAX_DOCUMENT_BYTES } from '../../src/server/services/documents';
import {
  buildFormsApp,
  JPEG,
  multipart,
  PDF,
  PNG,
  upload,
  uploadRequest,
  userIdOf,
  type FormsTestApp,
} from './forms-helpers';
import { backends, json } from './helpers';

interface Existing {
  id_documento: number;
  file_kind_id: number;
  tipo: string;
  file_date: string;
  nome_file: string;
  created: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validExisting = ajv.getSchema('documento-esistente')!;

describe.each(backends)('documents (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let giulia: string;

  beforeAll(async () => {
    t = await buildFormsApp(backend);
    mario = await t.login('mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
  });
  afterAll(async () => t?.close());

  const existing = async (token: string, kind: string) => {
    const response = await t.request({ method: 'GET', url: `/api/file_esistenti_list/${kind}`, token });
    expect(response.statusCode, response.body).toBe(200);
    const list = json<Existing[]>(response);
    for (const item of list) expect(validExisting(item), JSON.stringify(validExisting.errors)).toBe(true);
    return list;
  };
  const download = (token: string, id: number) =>
    t.request({ method: 'GET', url: `/api/download_document/${id}`, token });

  describe('upload_allegato', () => {
    it.each([
      ['PDF', 'ricevuta.pdf', 'application/pdf', PDF, 'application/pdf'],
      ['PNG', 'scontrino.png', 'image/png', PNG, 'image/png'],
      ['JPEG', 'foto fattura.jpg', 'image/jpeg', JPEG, 'image/jpeg'],
    ])(
      'stores a %s and lists it among the existing documents of its kind',
      async (_label, filename, type, content, mime) => {
        const date = addDays(romeDate(), -3);
        const id = await upload(t, mario, {
          kind: 'doc_pagam',
          typeId: 2,
          date,
          num: 2,
          file: { filename, contentType: type, content },
        });
        const list = await existing(mario, 'doc_pagam');
        expect(list[0]).toMatchObject({
          id_documento: id,
          file_kind_id: 2,
          tipo: 'Bonifico bancario',
          file_date: date,
          nome_file: filename,
        });
        const row = await t.db
          .selectFrom('documents')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          mime,
          size: content.length,
          file_num: 2,
          purchase_id: null,
          deleted_at: null,
        });
        // Stored outside any served folder, under a generated name, with the same bytes.
        expect(row.stored_name).toMatch(/^[0-9a-f]{32}$/);
        expect((await t.app.files.read(`documents/${row.stored_name}`)).equals(content)).toBe(true);
        const file = await download(mario, id);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(content)).toBe(true);
        expect(file.headers['content-type']).toBe(mime);
      },
    );

    it('decides the type by the first bytes: a text file or a program renamed .pdf is 415', async () => {
      const before = (await t.app.files.list('documents')).length;
      const text = await t.request(
        uploadRequest(mario, {
          kind: 'doc_pagam',
          typeId: 2,
          file: {
            filename: 'nota.txt',
            contentType: 'text/plain',
            content: Buffer.from('ciao, sono un testo\n'),
          },
        }),
      );
      expect(text.statusCode).toBe(415);
      expect(json(text)).toEqual({ detail: messages.apiUploadWrongType });
      const exe = Buffer.concat([
        Buffer.from('MZ\u0090\u0000\u0003\u0000', 'latin1'),
        Buffer.alloc(200, 0x41),
      ]);
      const renamed = await t.request(
        uploadRequest(mario, {
          kind: 'doc_pagam',
          typeId: 2,
          file: { filename: 'fattura.pdf', contentType: 'application/pdf', content: exe },
        }),
      );
      expect(renamed.statusCode).toBe(415);
      // A %PDF- that is not at the start is not a PDF either.
      const hidden = await t.request(
        uploadRequest(mario, {
          kind: 'doc_pagam',
          typeId: 2,
          file: { filename: 'a.pdf', content: Buffer.concat([Buffer.from(' '), PDF]) },
        }),
      );
      expect(hidden.statusCode).toBe(415);
      expect((await t.app.files.list('documents')).length).toBe(before);
    });

    it('accepts exactly 3145728 bytes and answers 413 with an Italian detail for one byte more', async () => {
      const exact = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - PDF.length, 0x20)]);
      expect(exact.length).toBe(3_145_728);
      await upload(t, mario, {
        kind: 'doc_acq',
        typeId: 1,
        file: { filename: 'grande.pdf', content: exact },
      });
      const over = Buffer.concat([exact, Buffer.from(' ')]);
      const before = (await t.app.files.list('documents')).length;
      const response = await t.request(
        uploadRequest(mario, { kind: 'doc_acq', typeId: 1, file: { filename: 'troppo.pdf', content: over } }),
      );
      expect(response.statusCode).toBe(413);
      expect(json(response)).toEqual({ detail: messages.apiUploadTooLarge });
      expect((await t.app.files.list('documents')).length).toBe(before);
    });

    it('checks the fields: type of the kind, date not in the future, 1-4 files merged', async () => {
      // 31 (cash receipt) is not a family document type.
      const wrongType = await t.request(uploadRequest(mario, { kind: 'doc_fam', typeId: 31 }));
      expect(wrongType.statusCode).toBe(400);
      expect(json(wrongType)).toEqual({ file_kind_id: [messages.apiDocumentTypeInvalid] });
      const unknownType = await t.request(uploadRequest(mario, { kind: 'doc_fam', typeId: 999 }));
      expect(json(unknownType)).toEqual({ file_kind_id: [messages.apiDocumentTypeInvalid] });
      const notNumber = await t.request(uploadRequest(mario, { kind: 'doc_fam', typeId: '14 OR 1=1' }));
      expect(json(notNumber)).toEqual({ file_kind_id: [messages.apiDocumentTypeInvalid] });

      const kind = await t.request(uploadRequest(mario, { kind: 'doc_altro', typeId: 14 }));
      expect(kind.statusCode).toBe(400);
      expect(json(kind)).toEqual({ file_kind: [messages.apiFileKindInvalid] });

      const future = await t.request(
        uploadRequest(mario, { kind: 'doc_fam', typeId: 14, date: addDays(romeDate(), 1) }),
      );
      expect(future.statusCode).toBe(400);
      expect(json(future)).toEqual({ file_date: [messages.apiDocumentDateFuture] });
      for (const date of ['2025-02-30', '31-12-2024', '1899-12-31', '']) {
        const bad = await t.request(uploadRequest(mario, { kind: 'doc_fam', typeId: 14, date }));
        expect(json(bad), date).toEqual({ file_date: [messages.apiDateInvalid] });
      }
      for (const num of ['0', '5', 'due']) {
        const bad = await t.request(uploadRequest(mario, { kind: 'doc_fam', typeId: 14, num }));
        expect(bad.statusCode, num).toBe(400);
        expect(Object.keys(json(bad)), num).toEqual(['file_num']);
      }
      // Everything wrong at once: every field reported.
      const all = await t.request(
        uploadRequest(mario, { kind: 'doc_fam', typeId: 2, date: '2099-01-01', num: 9 }),
      );
      expect(Object.keys(json(all)).sort()).toEqual(['file_date', 'file_kind_id', 'file_num']);
    });

    it('answers 400 without a file, with an unknown field, with two files; 415 for a JSON body', async () => {
      const noFile = multipart(
        { file_kind: 'doc_fam', file_kind_id: '14', file_date: romeDate(), file_num: '1' },
        [],
      );
      const missing = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        ...noFile,
      });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toEqual({ file_data: [messages.formNoFileUploaded] });

      const fields = { file_kind: 'doc_fam', file_kind_id: '14', file_date: romeDate(), file_num: '1' };
      const empty = multipart(fields, [{ filename: 'vuoto.pdf', content: Buffer.alloc(0) }]);
      const emptyAnswer = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        ...empty,
      });
      expect(json(emptyAnswer)).toEqual({ file_data: [messages.formNoFileUploaded] });

      const extra = multipart({ ...fields, cartella: '../../etc' }, [{ filename: 'a.pdf', content: PDF }]);
      const extraAnswer = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        ...extra,
      });
      expect(extraAnswer.statusCode).toBe(400);
      expect(json(extraAnswer)).toEqual({ cartella: [messages.apiValidationUnknownField] });

      const two = multipart(fields, [
        { filename: 'a.pdf', content: PDF },
        { filename: 'b.pdf', content: PDF },
      ]);
      const twoAnswer = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        ...two,
      });
      expect(twoAnswer.statusCode).toBe(400);
      expect(json(twoAnswer)).toEqual({ detail: messages.apiUploadOneFile });

      const asJson = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        payload: fields,
      });
      expect(asJson.statusCode).toBe(415);
      expect(json(asJson)).toEqual({ detail: messages.apiUploadNotMultipart });

      const broken = await t.request({
        method: 'POST',
        url: '/api/upload_allegato',
        token: mario,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="file_kind"\r\n\r\ndoc_f',
      });
      expect(broken.statusCode).toBe(400);
      expect(json(broken)).toHaveProperty('detail');

      const anonymous = await t.request({
        ...uploadRequest('', { kind: 'doc_fam', typeId: 14 }),
        token: undefined,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('keeps the name the browser gave (last path segment, its real extension) for the download', async () => {
      const id = await upload(t, mario, {
        kind: 'doc_extra',
        typeId: 24,
        file: { filename: 'C:\\Documenti\\carta d’identità', content: PNG },
      });
      const file = await download(mario, id);
      expect(file.headers['content-disposition']).toBe(
        'attachment; filename="carta d_identit_.png"; filename*=UTF-8\'\'carta%20d%E2%80%99identit%C3%A0.png',
      );
    });
  });

  describe('file_kind_list and file_esistenti_list', () => {
    it('lists the document types of a kind and refuses an unknown kind', async () => {
      const response = await t.request({ method: 'GET', url: '/api/file_kind_list/doc_fam', token: mario });
      expect(json(response)).toEqual([
        { id: 14, nome: 'Stato di famiglia' },
        { id: 15, nome: 'Certificato di nascita' },
        { id: 16, nome: 'Tessera sanitaria' },
        { id: 24, nome: 'Documento di identità' },
        { id: 25, nome: 'Dichiarazione sostitutiva di certificazione (familiari)' },
      ]);
      const unknown = await t.request({ method: 'GET', url: '/api/file_kind_list/doc_altro', token: mario });
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(json(unknown))).toEqual(['kind']);
      const list = await t.request({
        method: 'GET',
        url: '/api/file_esistenti_list/doc_altro',
        token: mario,
      });
      expect(list.statusCode).toBe(400);
    });

    it("gives each user only their own documents: the seed's for mario, none for giulia", async () => {
      for (const kind of ['doc_fam', 'doc_preven', 'doc_extr_p', 'doc_rata', 'doc_loan']) {
        expect((await existing(mario, kind)).length, kind).toBeGreaterThanOrEqual(2);
      }
      expect(await existing(giulia, 'doc_fam')).toEqual([]);
    });
  });

  describe('clona_allegato_esistente, delete_allegato, download_document', () => {
    it('clones a document into a new one with its own copy of the file', async () => {
      const source = (await existing(mario, 'doc_rata'))[0]!;
      const response = await t.request({
        method: 'POST',
        url: '/api/clona_allegato_esistente',
        token: mario,
        payload: { id_documento: source.id_documento },
      });
      expect(response.statusCode).toBe(201);
      const { doc_id: id } = json<{ doc_id: number }>(response);
      expect(id).not.toBe(source.id_documento);
      const rows = await t.db
        .selectFrom('documents')
        .selectAll()
        .where('id', 'in', [id, source.id_documento])
        .orderBy('id')
        .execute();
      const [original, copy] = source.id_documento < id ? rows : [...rows].reverse();
      expect(copy).toMatchObject({
        file_kind: original!.file_kind,
        file_kind_id: original!.file_kind_id,
        file_date: original!.file_date,
        nome_file: original!.nome_file,
        purchase_id: null,
      });
      expect(copy!.stored_name).not.toBe(original!.stored_name);
      const [a, b] = await Promise.all([download(mario, id), download(mario, source.id_documento)]);
      expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
      expect((await existing(mario, 'doc_rata'))[0]!.id_documento).toBe(id);
    });

    it('downloads as an attachment with the type of the file and nosniff', async () => {
      const id = await upload(t, mario, {
        kind: 'doc_loan',
        typeId: 17,
        file: { filename: 'piano ammortamento.pdf', content: PDF },
      });
      const file = await download(mario, id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        'attachment; filename="piano ammortamento.pdf"; filename*=UTF-8\'\'piano%20ammortamento.pdf',
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(Number(file.headers['content-length'])).toBe(PDF.length);
    });

    it("answers 404 for someone else's document on download, clone and delete, and changes nothing", async () => {
      const id = await upload(t, giulia, { kind: 'doc_fam', typeId: 14 });
      expect((await download(mario, id)).statusCode).toBe(404);
      const clone = await t.request({
        method: 'POST',
        url: '/api/clona_allegato_esistente',
        token: mario,
        payload: { id_documento: id },
      });
      expect(clone.statusCode).toBe(404);
      expect(json(clone)).toEqual({ detail: messages.apiNotFound });
      const removal = await t.request({ method: 'DELETE', url: `/api/delete_allegato/${id}`, token: mario });
      expect(removal.statusCode).toBe(404);
      // The same answer as for a document that does not exist.
      const none = await t.request({ method: 'DELETE', url: '/api/delete_allegato/999999999', token: mario });
      expect(none.statusCode).toBe(404);
      expect(json(none)).toEqual(json(removal));
      expect((await existing(giulia, 'doc_fam')).map((d) => d.id_documento)).toContain(id);
      expect((await download(giulia, id)).statusCode).toBe(200);
    });

    it('deletes a free document (hidden: not listed, not downloadable, not clonable)', async () => {
      const id = await upload(t, mario, { kind: 'doc_preven', typeId: 19 });
      const response = await t.request({ method: 'DELETE', url: `/api/delete_allegato/${id}`, token: mario });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await existing(mario, 'doc_preven')).map((d) => d.id_documento)).not.toContain(id);
      expect((await download(mario, id)).statusCode).toBe(404);
      const clone = await t.request({
        method: 'POST',
        url: '/api/clona_allegato_esistente',
        token: mario,
        payload: { id_documento: id },
      });
      expect(clone.statusCode).toBe(404);
      const again = await t.request({ method: 'DELETE', url: `/api/delete_allegato/${id}`, token: mario });
      expect(again.statusCode).toBe(404);
      // Kept for the record: the row and the file stay.
      const row = await t.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect(await t.app.files.stat(`documents/${row.stored_name}`)).not.toBeNull();
    });

    it('refuses to delete a document attached to a request (409), which stays downloadable', async () => {
      const marioId = await userIdOf(t, 'mario.rossi@example.com');
      const used = await t.db
        .selectFrom('documents')
        .select('id')
        .where('user_id', '=', marioId)
        .where('purchase_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const response = await t.request({
        method: 'DELETE',
        url: `/api/delete_allegato/${used.id}`,
        token: mario,
      });
      expect(response.statusCode).toBe(409);
      expect(json(response)).toEqual({ detail: messages.apiDocumentInUse });
      expect((await download(mario, used.id)).statusCode).toBe(200);
    });

    it('validates ids and bodies', async () => {
      for (const url of [
        '/api/download_document/abc',
        '/api/download_document/0',
        '/api/delete_allegato/-1',
      ]) {
        const response = await t.request({
          method: url.includes('delete') ? 'DELETE' : 'GET',
          url,
          token: mario,
        });
        expect(response.statusCode, url).toBe(400);
      }
      const body = await t.request({
        method: 'POST',
        url: '/api/clona_allegato_esistente',
        token: mario,
        payload: { id_documento: '12', extra: true },
      });
      expect(body.statusCode).toBe(400);
      expect(Object.keys(json(body)).sort()).toEqual(['extra', 'id_documento']);
    });
  });
});
