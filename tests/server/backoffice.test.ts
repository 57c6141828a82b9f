/**
 * The referent back office (issue 16; spec 002 §2.8, §2.9, §3, §4.3, §6, §7): every call refuses an
 * employee and a company the referent does not manage, the writes refuse a missing Act-For; the
 * schedule, the plans and their credits file, employees and their files, public keys and consultants
 * (with signed consultant requests, replays, deleted keys and revocation), and the idempotent top-up
 * with its pro-forma. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  constants as cryptoConstants,
  createDecipheriv,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '../../src/server/services/consultant-signature';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { backends, buildTestApp, json, type TestApp } from './helpers';

type Method = 'GET' | 'POST' | 'DELETE';

/** Every call of the back office added by issue 16, with a valid request. */
const CALLS: { method: Method; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/aziende_affiliate' },
  { method: 'GET', url: '/api/scadenzario_azienda' },
  { method: 'GET', url: '/api/scadenzario_azienda?download=true' },
  { method: 'GET', url: '/api/piani_welfare' },
  { method: 'GET', url: '/api/piano_welfare_crediti/1' },
  { method: 'GET', url: '/api/utenti_azienda' },
  { method: 'GET', url: '/api/documenti_utente_azienda?uid=00000000-0000-4000-8000-000000000000' },
  { method: 'GET', url: '/api/download_document_azienda/1?uid=00000000-0000-4000-8000-000000000000' },
  { method: 'GET', url: '/api/chiavi_pubbliche' },
  { method: 'POST', url: '/api/chiavi_pubbliche', body: { chiave_pubblica: 'MIIB' } },
  { method: 'DELETE', url: '/api/chiavi_pubbliche/1' },
  { method: 'DELETE', url: '/api/consulenti/1' },
  { method: 'POST', url: '/api/ricarica_incentive', body: { importo_ricarica: '10.00' } },
  { method: 'GET', url: '/api/ricarica_incentive' },
  { method: 'GET', url: '/api/ricarica_incentive/1/proforma' },
];

function spki(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// Made once for both databases: a 3072-bit key pair takes about a second.
const consultantKeys = generateKeyPairSync('rsa', { modulusLength: 3072 });
const foreignKeys = generateKeyPairSync('rsa', { modulusLength: 3072 });

describe.each(backends)('referent back office (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let ids: { acme: number; servizi: number; globex: number };

  const call = (
    token: string,
    method: Method,
    url: string,
    options: { company?: number | null; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    t.request({
      method,
      url,
      token,
      ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
      headers: {
        ...(options.company != null ? { 'act-for': String(options.company) } : {}),
        ...(options.headers ?? {}),
      },
    });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const companies = await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute();
    const id = (nome: string) => companies.find((c) => c.nome === nome)!.id_azienda;
    ids = { acme: id('Acme S.p.A.'), servizi: id('Acme Servizi S.r.l.'), globex: id('Globex S.p.A.') };
  });
  afterAll(async () => t?.close());

  describe('refusals', () => {
    it.each(CALLS)('$method $url refuses an employee (403)', async ({ method, url, body }) => {
      const response = await call(mario, method, url, { body });
      expect(response.statusCode).toBe(403);
    });

    it.each(CALLS)('$method $url refuses a company the referent does not manage (403)', async (c) => {
      const response = await call(laura, c.method, c.url, { body: c.body, company: ids.globex });
      expect(response.statusCode).toBe(403);
      expect(json(response).detail).toMatch(/per conto dell’azienda/);
    });

    it.each(CALLS.filter((c) => c.method !== 'GET'))(
      '$method $url refuses a change without Act-For (400)',
      async ({ method, url, body }) => {
        const response = await call(laura, method, url, { body });
        expect(response.statusCode).toBe(400);
        expect(json(response).detail).toMatch(/Act-For obbligatoria/);
      },
    );

    it('refuses without a session (401)', async () => {
      const response = await t.request({ method: 'GET', url: '/api/scadenzario_azienda' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('home: affiliated companies', () => {
    it('lists the customer’s companies with their location', async () => {
      const answer = json<{ nome: string; localita: string | null }[]>(
        await call(laura, 'GET', '/api/aziende_affiliate', { company: ids.acme }),
      );
      expect(answer).toEqual([
        expect.objectContaining({ nome: 'Acme S.p.A.', localita: 'Milano' }),
        expect.objectContaining({ nome: 'Acme Servizi S.r.l.', localita: 'Bergamo' }),
      ]);
    });
  });

  describe('schedule', () => {
    type Row = { cognome: string; nome: string; credito_tot: string; scadenza_credito: string };
    const page = async (company: number, query = '') =>
      json<{ count: number; results: Row[] }>(
        await call(laura, 'GET', `/api/scadenzario_azienda${query}`, { company }),
      );

    it('pages the company’s employees, 50 by default, each company its own', async () => {
      const acme = await page(ids.acme);
      const employees = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', ids.acme)
        .executeTakeFirstOrThrow();
      expect(acme.count).toBe(Number(employees.n));
      expect(acme.results).toHaveLength(50);
      const second = await page(ids.acme, '?page=2&page_size=10');
      expect(second.results).toHaveLength(10);
      expect(second.results[0]).toEqual((await page(ids.acme, '?page=1&page_size=100')).results[10]);
      const servizi = await page(ids.servizi, '?page_size=500');
      expect(servizi.count).toBeLessThan(acme.count);
      expect(servizi.results.map((r) => r.cognome)).not.toContain('Bianchi');
    });

    it('gives the nearest expiry, the last past one, or 1970-01-01 without any credit', async () => {
      const today = romeDate();
      const all = (await page(ids.acme, '?page_size=500')).results;
      const expiring = all.filter(
        (r) => r.scadenza_credito >= today && r.scadenza_credito <= addDays(today, 10),
      );
      expect(expiring.length).toBeGreaterThanOrEqual(3);
      const expired = all.filter((r) => r.scadenza_credito < today && r.scadenza_credito !== '1970-01-01');
      expect(expired.length).toBeGreaterThanOrEqual(2);
      for (const row of expired) expect(row.credito_tot).toBe('0.00');
      const newHire = all.find((r) => r.cognome === 'Ferri' && r.nome === 'Elena');
      expect(newHire).toMatchObject({ credito_tot: '0.00', scadenza_credito: '1970-01-01' });
    });

    it('refuses a page size the table does not offer', async () => {
      const response = await call(laura, 'GET', '/api/scadenzario_azienda?page_size=7', {
        company: ids.acme,
      });
      expect(response.statusCode).toBe(400);
    });

    it('downloads the whole schedule as a spreadsheet', async () => {
      const response = await call(laura, 'GET', '/api/scadenzario_azienda?download=true', {
        company: ids.servizi,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/scadenzario_\d+_/);
      const rows = await sheetRows(response.rawPayload);
      expect(rows[0]).toEqual([
        'Cognome',
        'Nome',
        'Credito totale',
        'di cui art. 51 c.3',
        'Scadenza credito',
      ]);
      expect(rows.length - 1).toBe((await page(ids.servizi)).count);
    });
  });

  describe('welfare plans', () => {
    type Plan = {
      wpw_id: number;
      wpw_descrizione: string;
      wpw_data_scadenza: string;
      wpw_id_piano_padre: number | null;
    };
    const plans = async (company: number, query = '') =>
      json<{ count: number; results: Plan[] }>(
        await call(laura, 'GET', `/api/piani_welfare${query}`, { company }),
      );

    it('filters by year and by expired or active, children naming their parent', async () => {
      const year = Number(romeDate().slice(0, 4));
      const all = await plans(ids.acme);
      expect(all.count).toBe(6);
      const current = (await plans(ids.acme, `?anno=${year}`)).results;
      const parent = current.find((p) => p.wpw_descrizione === `Piano welfare ${year}`)!;
      expect(current.filter((p) => p.wpw_id_piano_padre === parent.wpw_id)).toHaveLength(2);
      const expired = (await plans(ids.acme, '?stato=scaduti')).results;
      expect(expired.map((p) => p.wpw_descrizione)).toEqual([
        `Piano welfare ${year - 2}`,
        `Piano welfare ${year - 1}`,
      ]);
      const active = (await plans(ids.acme, '?stato=attivi')).results;
      expect(active).toHaveLength(4);
      expect((await plans(ids.acme, `?anno=${year + 10}`)).count).toBe(0);
    });

    it('refuses a year outside 2020 .. current year + 10', async () => {
      const year = Number(romeDate().slice(0, 4));
      for (const anno of [2019, year + 11]) {
        const response = await call(laura, 'GET', `/api/piani_welfare?anno=${anno}`, { company: ids.acme });
        if (anno === year + 11) {
          expect(response.statusCode).toBe(400);
          expect(json<{ anno: string[] }>(response).anno[0]).toMatch(/Anno non valido/);
        } else expect(response.statusCode).toBe(400);
      }
    });

    it('downloads a plan’s credits as piano_{id}_crediti.xlsx, only for its company', async () => {
      const plan = (await plans(ids.acme)).results.find((p) => p.wpw_id_piano_padre === null)!;
      const response = await call(laura, 'GET', `/api/piano_welfare_crediti/${plan.wpw_id}`, {
        company: ids.acme,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="piano_${plan.wpw_id}_crediti.xlsx"`,
      );
      const rows = await sheetRows(response.rawPayload);
      expect(rows).toHaveLength(21);
      const other = await call(laura, 'GET', `/api/piano_welfare_crediti/${plan.wpw_id}`, {
        company: ids.servizi,
      });
      expect(other.statusCode).toBe(404);
    });
  });

  describe('employees and their files', () => {
    type Employee = { uid: string; cognome: string; email: string; is_cessato: boolean };
    it('lists ceased employees marked, and their files downloaded with uid', async () => {
      const employees = json<Employee[]>(
        await call(laura, 'GET', '/api/utenti_azienda', { company: ids.acme }),
      );
      const ceased = employees.filter((e) => e.is_cessato);
      expect(ceased.length).toBeGreaterThanOrEqual(1);
      // The e-mail tells namesakes apart in the pickers (user files, internal message recipients).
      for (const employee of employees) expect(employee.email).toMatch(/^[^\s@]+@[^\s@]+$/);
      const active = json<Employee[]>(
        await call(laura, 'GET', '/api/utenti_azienda?solo_attivi=1', { company: ids.acme }),
      );
      expect(active).toHaveLength(employees.length - ceased.length);

      const withFiles = await Promise.all(
        ceased.map(async (e) => ({
          e,
          files: json<{ id_resource: number; nome_file: string; id_tipo_file: number; uid: string }[]>(
            await call(laura, 'GET', `/api/documenti_utente_azienda?uid=${e.uid}`, { company: ids.acme }),
          ),
        })),
      );
      const { e, files } = withFiles.find((item) => item.files.length > 0)!;
      expect(files.map((f) => f.nome_file).sort()).toEqual([
        'cedolino_cessazione.pdf',
        'documento_identita.png',
      ]);
      const filtered = json<unknown[]>(
        await call(laura, 'GET', `/api/documenti_utente_azienda?uid=${e.uid}&id_tipo_file=24`, {
          company: ids.acme,
        }),
      );
      expect(filtered).toHaveLength(1);
      const pdf = files.find((f) => f.nome_file.endsWith('.pdf'))!;
      const download = await call(
        laura,
        'GET',
        `/api/download_document_azienda/${pdf.id_resource}?uid=${e.uid}`,
        {
          company: ids.acme,
        },
      );
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Another company acted for: the uid is not one of its employees.
      const foreign = await call(
        laura,
        'GET',
        `/api/download_document_azienda/${pdf.id_resource}?uid=${e.uid}`,
        {
          company: ids.servizi,
        },
      );
      expect(foreign.statusCode).toBe(404);
      // Someone else's file with this uid: 404.
      const mario = employees.find((x) => x.cognome === 'Rossi')!;
      const wrong = await call(
        laura,
        'GET',
        `/api/download_document_azienda/${pdf.id_resource}?uid=${mario.uid}`,
        {
          company: ids.acme,
        },
      );
      expect(wrong.statusCode).toBe(404);
    });

    it('refuses a malformed uid (400)', async () => {
      const response = await call(laura, 'GET', '/api/documenti_utente_azienda?uid=1', { company: ids.acme });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('public keys and consultants', () => {
    let keyId: number;
    let nonce = 0;
    const signed = (
      url: string,
      options: { key?: KeyObject; keyid?: number; created?: number; nonce?: string } = {},
    ) => {
      const headers = signatureHeaders(
        { method: 'GET', url },
        {
          keyid: options.keyid ?? keyId,
          created: options.created ?? Math.floor(Date.now() / 1000),
          nonce: options.nonce ?? `nonce-${backend}-${(nonce += 1)}-${randomBytes(4).toString('hex')}`,
        },
        (base) =>
          sign('sha512', base, {
            key: options.key ?? consultantKeys.privateKey,
            padding: cryptoConstants.RSA_PKCS1_PSS_PADDING,
            saltLength: 64,
          }),
      );
      return { headers, send: () => t.request({ method: 'GET', url, headers }) };
    };

    it('refuses keys shorter than 3072 bits and malformed keys', async () => {
      const short = generateKeyPairSync('rsa', { modulusLength: 1024 });
      for (const chiave of [spki(short.publicKey), 'non una chiave']) {
        const response = await call(laura, 'POST', '/api/chiavi_pubbliche', {
          company: ids.acme,
          body: { chiave_pubblica: chiave },
        });
        expect(response.statusCode).toBe(400);
        expect(json<{ chiave_pubblica: string[] }>(response).chiave_pubblica[0]).toMatch(/almeno 3072 bit/);
      }
    });

    it('registers a consultant’s key, listed with the consultants; a second time is 409', async () => {
      const body = { chiave_pubblica: spki(consultantKeys.publicKey), api_user_name: 'Studio.Neri' };
      const created = await call(laura, 'POST', '/api/chiavi_pubbliche', { company: ids.acme, body });
      expect(created.statusCode).toBe(201);
      keyId = json<{ id: number }>(created).id;
      expect(json(created)).toMatchObject({ api_user_name: 'studio.neri' });
      const again = await call(laura, 'POST', '/api/chiavi_pubbliche', { company: ids.acme, body });
      expect(again.statusCode).toBe(409);
      const consultants = json<{ results: { id: number }[] }>(
        await call(laura, 'GET', '/api/chiavi_pubbliche?onlyapiuser=true', { company: ids.acme }),
      );
      expect(consultants.results.map((k) => k.id)).toContain(keyId);
      const otherCompany = json<{ results: { id: number }[] }>(
        await call(laura, 'GET', '/api/chiavi_pubbliche', { company: ids.servizi }),
      );
      expect(otherCompany.results.map((k) => k.id)).not.toContain(keyId);
    });

    it('accepts a signed consultant request and refuses its replay', async () => {
      const request = signed('/api/consulente/scadenzario?page=1&page_size=10');
      const first = await request.send();
      expect(first.statusCode).toBe(200);
      expect(json<{ results: unknown[] }>(first).results).toHaveLength(10);
      const replay = await request.send();
      expect(replay.statusCode).toBe(401);
      expect(json(replay).detail).toMatch(/una sola volta/);
    });

    it('refuses unsigned, tampered, stale, foreign-key and wrong-path requests', async () => {
      expect((await t.request({ method: 'GET', url: '/api/consulente/dipendenti' })).statusCode).toBe(401);
      const stale = signed('/api/consulente/dipendenti', { created: Math.floor(Date.now() / 1000) - 3600 });
      expect((await stale.send()).statusCode).toBe(401);
      expect(
        (await signed('/api/consulente/dipendenti', { key: foreignKeys.privateKey }).send()).statusCode,
      ).toBe(401);
      const moved = signed('/api/consulente/dipendenti');
      const response = await t.request({
        method: 'GET',
        url: '/api/consulente/scadenzario',
        headers: moved.headers,
      });
      expect(response.statusCode).toBe(401);
      expect(json(response).detail).toMatch(/Firma della richiesta non valida/);
    });

    it('sends the schedule encrypted to the consultant’s key', async () => {
      const response = await signed('/api/consulente/scadenzario_cifrato').send();
      expect(response.statusCode).toBe(200);
      const envelope = json<{ chiave_cifrata: string; iv: string; dati: string }>(response);
      const aesKey = privateDecrypt(
        {
          key: consultantKeys.privateKey,
          padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(envelope.chiave_cifrata, 'base64'),
      );
      const data = Buffer.from(envelope.dati, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(envelope.iv, 'base64'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const file = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      const rows = await sheetRows(file);
      expect(rows[0]).toContain('Scadenza credito');
      expect(rows.length).toBeGreaterThan(50);
    });

    it('sends the movement export encrypted too, with the export’s own date rules', async () => {
      const today = romeDate();
      // From the first day of the previous month (the earliest the export allows) to today.
      const start = `${addMonths(today, -1).slice(0, 8)}01`;
      const url = `/api/consulente/export_movimenti?date_start=${start}&date_end=${today}`;
      const response = await signed(url).send();
      expect(response.statusCode).toBe(200);
      const envelope = json<{ nome_file: string; chiave_cifrata: string; iv: string; dati: string }>(
        response,
      );
      expect(envelope.nome_file).toBe(`movimenti_${start}_${today}.xlsx`);
      const aesKey = privateDecrypt(
        {
          key: consultantKeys.privateKey,
          padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(envelope.chiave_cifrata, 'base64'),
      );
      const data = Buffer.from(envelope.dati, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(envelope.iv, 'base64'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const file = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      expect((await sheetRows(file)).length).toBeGreaterThan(1);
      const missing = await signed('/api/consulente/export_movimenti').send();
      expect(missing.statusCode).toBe(400);
    });

    it('refuses at once after the key is deleted, and after the consultant is revoked', async () => {
      const employees = signed('/api/consulente/dipendenti');
      expect((await employees.send()).statusCode).toBe(200);
      const removed = await call(laura, 'DELETE', `/api/chiavi_pubbliche/${keyId}`, { company: ids.acme });
      expect(removed.statusCode).toBe(204);
      const after = await signed('/api/consulente/dipendenti').send();
      expect(after.statusCode).toBe(401);
      expect(json(after).detail).toMatch(/revocato|eliminata/);

      // A new key for the same consultant works, until the consultant is revoked.
      const body = { chiave_pubblica: spki(consultantKeys.publicKey), api_user_name: 'studio.neri' };
      keyId = json<{ id: number }>(
        await call(laura, 'POST', '/api/chiavi_pubbliche', { company: ids.acme, body }),
      ).id;
      expect((await signed('/api/consulente/dipendenti').send()).statusCode).toBe(200);
      expect(
        (await call(laura, 'DELETE', `/api/consulenti/${keyId}`, { company: ids.servizi })).statusCode,
      ).toBe(404);
      expect(
        (await call(laura, 'DELETE', `/api/consulenti/${keyId}`, { company: ids.acme })).statusCode,
      ).toBe(204);
      expect((await signed('/api/consulente/dipendenti').send()).statusCode).toBe(401);
      const consultants = json<{ results: { id: number }[] }>(
        await call(laura, 'GET', '/api/chiavi_pubbliche?onlyapiuser=true', { company: ids.acme }),
      );
      expect(consultants.results.map((k) => k.id)).not.toContain(keyId);
    });
  });

  describe('incentive top-up', () => {
    const topup = (company: number, importo: string, key?: string) =>
      call(laura, 'POST', '/api/ricarica_incentive', {
        company,
        body: { importo_ricarica: importo },
        headers: key ? { 'idempotency-key': key } : {},
      });

    it('stores fee 3%, VAT 22% on the fee and the total, with a pro-forma PDF', async () => {
      const response = await topup(ids.acme, '1000.00');
      expect(response.statusCode).toBe(201);
      const answer = json<{ id: number }>(response);
      expect(answer).toMatchObject({
        importo_ricarica: '1000.00',
        commissione: '30.00',
        iva: '6.60',
        totale: '1036.60',
      });
      const pdf = await call(laura, 'GET', `/api/ricarica_incentive/${answer.id}/proforma`, {
        company: ids.acme,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const foreign = await call(laura, 'GET', `/api/ricarica_incentive/${answer.id}/proforma`, {
        company: ids.servizi,
      });
      expect(foreign.statusCode).toBe(404);
      const list = json<{ id: number }[]>(
        await call(laura, 'GET', '/api/ricarica_incentive', { company: ids.acme }),
      );
      expect(list.map((r) => r.id)).toContain(answer.id);
    });

    it('is idempotent per key, and the company acted for is part of the fingerprint', async () => {
      const key = `topup-${randomBytes(6).toString('hex')}`;
      const first = await topup(ids.servizi, '250.50', key);
      const again = await topup(ids.servizi, '250.50', key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(json(again)).toEqual(json(first));
      expect(again.headers['idempotent-replayed']).toBe('true');
      const rows = await t.db
        .selectFrom('incentive_topups')
        .select('id')
        .where('company_id', '=', ids.servizi)
        .where('importo', '=', 25050)
        .execute();
      expect(rows).toHaveLength(1);
      const otherCompany = await topup(ids.acme, '250.50', key);
      expect(otherCompany.statusCode).toBe(422);
    });

    it('refuses amounts that are not a positive euro amount with a dot', async () => {
      for (const importo of ['1.000,00', '0', '12.345', '-5']) {
        const response = await topup(ids.acme, importo);
        expect(response.statusCode, importo).toBe(400);
      }
    });
  });
});
