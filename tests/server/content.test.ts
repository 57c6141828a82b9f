/**
 * Support and content pages (spec 002 §2.7, §3, §5, §7; issue 15): the support request (multipart, a
 * numbered ticket, the mail to the support address with the files and the acknowledgement, the refusals),
 * ticket numbers under concurrency, a fixture support category (one config entry), "I Miei Files" with
 * thumbnails made by the upload's job (never by the list) and filters, another user's files, the FAQ address and its CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionsVersion } from '../../config/content-pages';
import { messages } from '../../config/messages-api.it';
import { MAX_DOCUMENT_BYTES } from '../../src/server/services/documents';
import { faqFrameSrc } from '../../src/server/services/faq';
import {
  makePendingThumbnails,
  makeThumbnail,
  thumbnailDrawerPid,
  THUMB_WIDTH,
  THUMBNAIL_QUEUE,
} from '../../src/server/services/thumbnails';
import type { GruppoFileUtente } from '../../schemas/wire-types.gen';
import {
  buildFormsApp,
  multipart,
  PDF,
  PNG,
  userIdOf,
  type FilePart,
  type FormsTestApp,
  upload,
} from './forms-helpers';
import { backends, json } from './helpers';
import { literal } from '../../config/texts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const FIXTURE_CATEGORY = { id: 'categoria-prova', label: literal('Categoria di prova {product}') } as const;

const validFields = {
  tel: '+39 333 1234567',
  n_richiesta: '42',
  categoria: 'rimborsi-spese',
  messaggio: 'Non vedo il rimborso della fattura del dentista.',
};

describe.each(backends)('support and content pages (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let giulia: string;

  beforeAll(async () => {
    t = await buildFormsApp(backend, { extraSupportCategories: [FIXTURE_CATEGORY] });
    mario = await t.login('mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
  });
  afterAll(async () => t?.close());

  const support = (token: string, fields: Record<string, string>, files: FilePart[] = []) =>
    t.request({ method: 'POST', url: '/api/supporto', token, ...multipart(fields, files) });
  const ticketCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('support_tickets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mailsTo = (to: string) =>
    t.db.selectFrom('outbox').selectAll().where('mail_to', '=', to).orderBy('id', 'desc').execute();

  describe('POST /api/supporto', () => {
    it('keeps a numbered ticket, mails the support address with the file and acknowledges the user', async () => {
      const response = await support(mario, validFields, [
        { filename: 'fattura.pdf', contentType: 'application/pdf', content: PDF },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const { numero_ticket: numero } = json<{ numero_ticket: number }>(response);
      expect(numero).toBeGreaterThan(0);

      const ticket = await t.db
        .selectFrom('support_tickets')
        .selectAll()
        .where('numero', '=', numero)
        .executeTakeFirstOrThrow();
      expect(ticket).toMatchObject({ tel: '+39 333 1234567', categoria: 'rimborsi-spese' });
      expect(Number(ticket.n_richiesta)).toBe(42);
      expect(ticket.user_id).toBe(await userIdOf(t, 'mario.rossi@example.com'));
      const files = await t.db
        .selectFrom('support_ticket_files')
        .selectAll()
        .where('ticket_id', '=', ticket.id)
        .execute();
      expect(files.map((f) => [f.nome_file, f.mime])).toEqual([['fattura.pdf', 'application/pdf']]);
      expect(await t.app.files.stat(`support/${files[0]!.stored_name}`)).not.toBeNull();

      const [toSupport] = await mailsTo('assistenza@example.com');
      expect(toSupport?.subject).toBe(`Richiesta di assistenza n. ${numero}: Rimborsi Spese`);
      expect(toSupport?.text).toContain('Telefono: +39 333 1234567');
      expect(toSupport?.text).toContain('Azienda: Acme S.p.A.');
      expect(toSupport?.text).toContain(validFields.messaggio);
      const attachments = await t.db
        .selectFrom('outbox_attachments')
        .selectAll()
        .where('outbox_id', '=', toSupport!.id)
        .execute();
      expect(attachments).toHaveLength(1);
      expect(attachments[0]).toMatchObject({ filename: 'fattura.pdf', content_type: 'application/pdf' });
      expect(Buffer.from(attachments[0]!.content).equals(PDF)).toBe(true);

      const [ack] = await mailsTo('mario.rossi@example.com');
      expect(ack?.subject).toBe(`Abbiamo ricevuto la tua richiesta di assistenza n. ${numero}`);

      // The demo outbox lists the attachment by name.
      const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox?to=assistenza@example.com' });
      expect(json<{ allegati: unknown[] }[]>(outbox)[0]?.allegati).toEqual([
        { nome: 'fattura.pdf', tipo: 'application/pdf', dimensione: PDF.length },
      ]);
    });

    it('accepts a request without number or files', async () => {
      const response = await support(giulia, { ...validFields, n_richiesta: '' });
      expect(response.statusCode, response.body).toBe(201);
    });

    it.each([
      ['letters in the phone', { tel: '333abc4567' }, 'tel', messages.formPhoneInvalid],
      ['no phone', { tel: '' }, 'tel', messages.formPhoneInvalid],
      ['no category', { categoria: '' }, 'categoria', messages.apiValidationRequired],
      ['an unknown category', { categoria: 'inesistente' }, 'categoria', messages.apiSupportCategoryInvalid],
      ['no message', { messaggio: '   ' }, 'messaggio', messages.apiValidationRequired],
      [
        'a request number that is not one',
        { n_richiesta: '12a' },
        'n_richiesta',
        messages.formSupportRequestNumber,
      ],
    ])('refuses %s (400 on the field, nothing kept)', async (_label, change, field, text) => {
      const before = await ticketCount();
      const response = await support(mario, { ...validFields, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(json<Record<string, string[]>>(response)[field]).toEqual([text]);
      expect(await ticketCount()).toBe(before);
    });

    it('refuses an executable renamed .pdf (415) and a file over 3 MB (413), keeping nothing', async () => {
      const before = await ticketCount();
      const exe = Buffer.concat([Buffer.from('MZ\u0090\u0000', 'latin1'), Buffer.alloc(512, 1)]);
      const renamed = await support(mario, validFields, [
        { filename: 'fattura.pdf', contentType: 'application/pdf', content: exe },
      ]);
      expect(renamed.statusCode, renamed.body).toBe(415);
      expect(json(renamed).detail).toBe(messages.apiUploadWrongType);

      const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)]);
      const tooLarge = await support(mario, validFields, [
        { filename: 'grande.pdf', contentType: 'application/pdf', content: big },
      ]);
      expect(tooLarge.statusCode, tooLarge.body).toBe(413);
      expect(json(tooLarge).detail).toBe(messages.apiUploadTooLarge);
      expect(await ticketCount()).toBe(before);
    });

    it('a fixture category (one config entry) is offered by name in the mail', async () => {
      const response = await support(mario, { ...validFields, categoria: FIXTURE_CATEGORY.id });
      expect(response.statusCode, response.body).toBe(201);
      const [mail] = await mailsTo('assistenza@example.com');
      expect(mail?.subject).toContain('Categoria di prova Eurete');
    });

    it('gives every request its own number when many arrive at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          support(i % 2 ? mario : giulia, { ...validFields, messaggio: `Richiesta contemporanea ${i}` }),
        ),
      );
      const numbers = answers.map((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        return json<{ numero_ticket: number }>(answer).numero_ticket;
      });
      expect(new Set(numbers).size).toBe(numbers.length);
    });

    it('asks for a session (401)', async () => {
      const anonymous = await t.request({
        method: 'POST',
        url: '/api/supporto',
        ...multipart(validFields, []),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/supporto (issue 28: the "inviati" tab)', () => {
    it('lists the user’s own tickets, newest first, with number, category, request and date', async () => {
      const lucaToken = await t.login('luca.neri@example.com');
      const list = async (token: string) => {
        const response = await t.request({ method: 'GET', url: '/api/supporto', token });
        expect(response.statusCode, response.body).toBe(200);
        return json<
          {
            numero_ticket: number;
            categoria: string;
            nome_categoria: string;
            n_richiesta: number | null;
            created: string;
          }[]
        >(response);
      };
      expect(await list(lucaToken)).toEqual([]);
      const first = json<{ numero_ticket: number }>(
        await support(lucaToken, { ...validFields, categoria: 'buoni' }),
      ).numero_ticket;
      const { n_richiesta: _omitted, ...withoutNumber } = validFields;
      const second = json<{ numero_ticket: number }>(await support(lucaToken, withoutNumber)).numero_ticket;
      const tickets = await list(lucaToken);
      expect(tickets.map((ticket) => ticket.numero_ticket)).toEqual([second, first]);
      expect(tickets[0]).toMatchObject({
        categoria: 'rimborsi-spese',
        nome_categoria: 'Rimborsi Spese',
        n_richiesta: null,
      });
      expect(tickets[1]).toMatchObject({
        categoria: 'buoni',
        nome_categoria: 'Buoni Eurete',
        n_richiesta: 42,
      });
      expect(Number.isNaN(Date.parse(tickets[0]!.created))).toBe(false);
      // Another user's tickets never show.
      expect((await list(mario)).map((ticket) => ticket.numero_ticket)).not.toContain(first);
      expect((await t.request({ method: 'GET', url: '/api/supporto' })).statusCode).toBe(401);
    });
  });

  describe('thumbnails', () => {
    it('draws the first page of a PDF and scales a PNG, both as PNG 160 px wide', async () => {
      for (const [content, mime] of [
        [PDF, 'application/pdf'],
        [PNG, 'image/png'],
      ] as const) {
        const thumb = await makeThumbnail(content, mime);
        expect(thumb.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(pngSize(thumb).width).toBe(THUMB_WIDTH);
        expect(pngSize(thumb).height).toBeGreaterThan(0);
      }
    });

    it('draws in a process of its own: when that process dies mid-drawing, the next drawing starts a new one', async () => {
      await makeThumbnail(PNG, 'image/png');
      const first = thumbnailDrawerPid();
      expect(first).toBeGreaterThan(0);
      const cut = makeThumbnail(PDF, 'application/pdf');
      process.kill(first!, 'SIGKILL');
      // The drawing in hand is drawn again by a new process (a death that was not the file's fault must
      // not leave a document without its thumbnail); it never hangs and never takes the server down.
      expect(pngSize(await cut).width).toBe(THUMB_WIDTH);
      const thumb = await makeThumbnail(PDF, 'application/pdf');
      expect(pngSize(thumb).width).toBe(THUMB_WIDTH);
      expect(thumbnailDrawerPid()).not.toBe(first);
    });

    it('refuses to draw a damaged PDF', async () => {
      await expect(makeThumbnail(Buffer.from('%PDF-1.4 rotto'), 'application/pdf')).rejects.toThrow();
    });
  });

  describe('GET /api/files_utente', () => {
    const files = async (token: string, query = '') => {
      const response = await t.request({ method: 'GET', url: `/api/files_utente${query}`, token });
      expect(response.statusCode, response.body).toBe(200);
      return json<GruppoFileUtente[]>(response);
    };

    it('groups the user’s documents by purchase with the thumbnails the job made', async () => {
      // The thumbnails of the seeded documents are made by the job swept at start, not by the list.
      await t.app.jobs.idle();
      const groups = await files(mario);
      expect(groups.length).toBeGreaterThan(1);
      const all = groups.flatMap((g) => g.files);
      expect(all.length).toBeGreaterThan(1);
      for (const file of all) {
        expect(file.base64_thumb, file.nome_file).not.toBeNull();
        const png = Buffer.from(file.base64_thumb!, 'base64');
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      }
      expect(all.some((f) => f.mime === 'application/pdf')).toBe(true);
      expect(all.some((f) => f.mime === 'image/png')).toBe(true);
      // Newest purchase first.
      const dates = groups.map((g) => g.created);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('never draws a thumbnail in the list call: it reads rows, and the upload’s job draws it', async () => {
      await t.app.jobs.idle();
      const [seeded] = (await files(mario)).flatMap((g) => g.files);
      const source = await t.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', seeded!.id_resource)
        .executeTakeFirstOrThrow();
      // A second document on the same purchase and file, not drawn yet (no job queued for it).
      const { id } = await t.db
        .insertInto('documents')
        .values({
          user_id: source.user_id,
          purchase_id: source.purchase_id,
          file_kind: source.file_kind,
          file_kind_id: source.file_kind_id,
          file_date: source.file_date,
          file_num: 1,
          nome_file: 'da-disegnare.pdf',
          stored_name: source.stored_name,
          size: source.size,
          mime: source.mime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const pending = () =>
        t.db
          .selectFrom('documents')
          .select(['thumbnail', 'thumbnail_made'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const listed = (await files(mario)).flatMap((g) => g.files).find((f) => f.id_resource === id);
      expect(listed?.base64_thumb).toBeNull();
      // The list answered without drawing it, nor marking it attempted.
      expect(await pending()).toEqual({ thumbnail: null, thumbnail_made: false });

      // An upload queues its own thumbnail: once the job is done, the row holds it.
      const uploaded = await upload(t, mario, {
        kind: 'doc_pagam',
        typeId: 2,
        file: { filename: 'scontrino.png', contentType: 'image/png', content: PNG },
      });
      await t.app.jobs.idle();
      const row = await t.db
        .selectFrom('documents')
        .select(['thumbnail', 'thumbnail_made'])
        .where('id', '=', uploaded)
        .executeTakeFirstOrThrow();
      expect(row.thumbnail_made).toBe(true);
      expect(Buffer.from(row.thumbnail!).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      // The job for one upload draws that one only.
      expect((await pending()).thumbnail_made).toBe(false);

      // A sweep (as at start) draws what is left; a damaged file is attempted once and shows no thumbnail.
      await t.app.jobs.send(THUMBNAIL_QUEUE, {});
      await t.app.jobs.idle();
      const drawn = (await files(mario)).flatMap((g) => g.files).find((f) => f.id_resource === id);
      expect(drawn?.base64_thumb).not.toBeNull();
    });

    it('marks a file that cannot be drawn as attempted, with no thumbnail, and does not try it again', async () => {
      await t.app.jobs.idle();
      const userId = await userIdOf(t, 'mario.rossi@example.com');
      await t.app.files.put('documents/rotto-miniatura', Buffer.from('%PDF-1.4 rotto'));
      const { id } = await t.db
        .insertInto('documents')
        .values({
          user_id: userId,
          file_kind: 'doc_pagam',
          file_kind_id: 2,
          file_date: '2026-01-02',
          file_num: 1,
          nome_file: 'rotto.pdf',
          stored_name: 'rotto-miniatura',
          size: 14,
          mime: 'application/pdf',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const errors: unknown[] = [];
      const onError = (error: unknown) => errors.push(error);
      expect(await makePendingThumbnails(t.db, t.app.files, { ids: [id] }, onError)).toBe(1);
      expect(errors).toHaveLength(1);
      const row = await t.db
        .selectFrom('documents')
        .select(['thumbnail', 'thumbnail_made'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ thumbnail: null, thumbnail_made: true });
      expect(await makePendingThumbnails(t.db, t.app.files, { ids: [id] }, onError)).toBe(0);
    });

    it('filters by purchase, purchase category and document type', async () => {
      const groups = await files(mario);
      const first = groups[0]!;
      expect((await files(mario, `?id_ordine=${first.id}`)).map((g) => g.id)).toEqual([first.id]);
      const type = first.files[0]!.id_tipo_file;
      const byType = await files(mario, `?id_tipo_file=${type}`);
      expect(byType.length).toBeGreaterThan(0);
      for (const g of byType) for (const f of g.files) expect(f.id_tipo_file).toBe(type);
      const withCategory = groups.find((g) => g.id_categ !== null)!;
      const byCategory = await files(mario, `?id_categoria=${withCategory.id_categ}`);
      expect(byCategory.map((g) => g.id)).toContain(withCategory.id);
      for (const g of byCategory) expect(g.id_categ).toBe(withCategory.id_categ);
      const bad = await t.request({ method: 'GET', url: '/api/files_utente?id_ordine=abc', token: mario });
      expect(bad.statusCode).toBe(400);
    });

    it('never lists or hands out another user’s files', async () => {
      const marios = (await files(mario)).flatMap((g) => g.files.map((f) => f.id_resource));
      const giulias = (await files(giulia)).flatMap((g) => g.files.map((f) => f.id_resource));
      expect(giulias.filter((id) => marios.includes(id))).toEqual([]);
      const purchase = (await files(mario))[0]!.id;
      expect(await files(giulia, `?id_ordine=${purchase}`)).toEqual([]);
      const stolen = await t.request({
        method: 'GET',
        url: `/api/download_document/${marios[0]}`,
        token: giulia,
      });
      expect(stolen.statusCode).toBe(404);
      const own = await t.request({
        method: 'GET',
        url: `/api/download_document/${marios[0]}`,
        token: mario,
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-disposition']).toMatch(/^attachment; filename=/);
    });
  });

  describe('versioned conditions', () => {
    it('asks for consent again once a newer version of the conditions is in force', async () => {
      const userId = await userIdOf(t, 'giulia.verdi@example.com');
      const consent = () => t.request({ method: 'GET', url: '/api/user_privacy', token: giulia });
      expect((await consent()).statusCode).toBe(200);
      await t.db
        .updateTable('user_privacy')
        .set({ conditions_version: '2025-01' })
        .where('user_id', '=', userId)
        .execute();
      expect((await consent()).statusCode).toBe(404);
      const accepted = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: giulia,
        payload: {
          privacy_servizio: true,
          privacy_dati_personali: false,
          decalogo_sicurezza: true,
          signature: 'Giulia Verdi',
        },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await consent()).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('user_privacy')
        .select('conditions_version')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.conditions_version).toBe(conditionsVersion);
    });
  });

  describe('FAQ', () => {
    it('answers the demo FAQ page as the frame address, allowed by frame-src and framed only by the portal', async () => {
      const answer = await t.request({ method: 'GET', url: '/api/faq_url', token: mario });
      expect(json(answer)).toEqual({ url: '/demo-faq' });
      expect(answer.headers['content-security-policy']).toContain("frame-src 'self'");
      const page = await t.request({ method: 'GET', url: '/demo-faq' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Domande frequenti');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(page.headers['content-security-policy']).not.toContain('script-src');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('allows exactly the configured origin, and no frame without a FAQ', () => {
      expect(
        faqFrameSrc({ faqUrl: 'https://faq.example.com/welfare/', supportEmail: null, demo: false }),
      ).toEqual(['https://faq.example.com']);
      expect(faqFrameSrc({ faqUrl: null, supportEmail: null, demo: true })).toEqual(["'self'"]);
      expect(faqFrameSrc({ faqUrl: null, supportEmail: null, demo: false })).toEqual(["'none'"]);
    });
  });
});
