/**
 * The notifications inbox and archive (spec 002 §2.7, §3, §4.3, §5, §7, §9) and the bell counters
 * (000 §7 info_notifiche), on the demo seed; sendNotification; the home seed's idempotency.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { seedDemo } from '../../src/server/db/seed-demo';
import { ApiError } from '../../src/server/errors';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { sendNotification } from '../../src/server/services/notifications';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const XSS = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

interface Notification {
  id: number;
  created: string;
  nome_mittente: string;
  nomi_destinatari: string;
  id_riferimento: string | null;
  testo: string;
  conferma_lettura: boolean;
}
interface Page {
  count: number;
  results: Notification[];
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validPage = ajv.getSchema('notification-page')!;
const validUpdate = ajv.getSchema('notification-update')!;

describe.each(backends)('notifications inbox and archive (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let laura: string;
  let giulia: string;
  let ids: Record<'mario' | 'laura' | 'giulia', number>;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    laura = await t.login('laura.bianchi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
    const id = async (email: string) =>
      (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    ids = {
      mario: await id('mario.rossi@example.com'),
      laura: await id('laura.bianchi@example.com'),
      giulia: await id('giulia.verdi@example.com'),
    };
  });
  afterAll(async () => t?.close());

  const list = async (token: string, query: string, archive = false): Promise<Page> => {
    const url = `/api/notifiche_utente_list${archive ? '_archivio' : ''}?${query}`;
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    const page = json<Page>(response);
    expect(validPage(page), JSON.stringify(validPage.errors)).toBe(true);
    return page;
  };
  const all = async (token: string, mode: string, archive = false) =>
    list(token, `mode=${mode}&page_size=200`, archive);
  const status = async (token: string) =>
    json<{ inviati: number; ricevuti: number; ricevuti_new: number }>(
      await t.request({ method: 'GET', url: '/api/info_notifiche', token }),
    );
  const post = (token: string, url: string) => t.request({ method: 'POST', url, token });
  const byText = (page: Page, text: string) => {
    const found = page.results.find((n) => n.testo.includes(text));
    if (!found) throw new Error(`nessuna notifica con "${text}"`);
    return found;
  };

  describe('lists', () => {
    it('counts mario: 8 received in the inbox of which 2 unread, nothing sent', async () => {
      expect(await status(mario)).toEqual({ inviati: 0, ricevuti: 8, ricevuti_new: 2 });
      expect(await status(laura)).toEqual({ inviati: 2, ricevuti: 3, ricevuti_new: 1 });
      expect(await status(giulia)).toEqual({ inviati: 0, ricevuti: 2, ricevuti_new: 1 });
    });

    it('pages received notifications newest first, 5 by default', async () => {
      const first = await list(mario, 'mode=ricevuti');
      expect(first.count).toBe(8);
      expect(first.results).toHaveLength(5);
      const second = await list(mario, 'mode=ricevuti&page=2');
      expect(second.count).toBe(8);
      expect(second.results).toHaveLength(3);
      const beyond = await list(mario, 'mode=ricevuti&page=3');
      expect(beyond).toEqual({ count: 8, results: [] });
      const whole = [...first.results, ...second.results];
      expect(new Set(whole.map((n) => n.id)).size).toBe(8);
      const times = whole.map((n) => Date.parse(n.created));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(whole.filter((n) => !n.conferma_lettura)).toHaveLength(2);
      for (const size of [5, 10, 25, 50, 100, 200]) {
        const page = await list(mario, `mode=ricevuti&page_size=${size}`);
        expect(page.results).toHaveLength(Math.min(size, 8));
      }
      expect((await list(mario, 'mode=ricevuti&page_size=5&page=2')).results).toEqual(second.results);
    });

    it('shows realistic content: senders, request numbers, the received user as recipient', async () => {
      const page = await all(mario, 'ricevuti');
      expect(new Set(page.results.map((n) => n.nome_mittente))).toEqual(
        new Set(['Ufficio Welfare', 'Assistenza Portale Welfare', 'Laura Bianchi']),
      );
      for (const n of page.results) expect(n.nomi_destinatari).toBe('Mario Rossi');
      const libri = await t.db
        .selectFrom('purchases')
        .select('id')
        .where('idempotency_key', '=', 'seed-mario-p14')
        .executeTakeFirstOrThrow();
      const document = byText(page, 'ricevuta fiscale');
      expect(document).toMatchObject({
        id_riferimento: String(libri.id),
        conferma_lettura: false,
        nome_mittente: 'Assistenza Portale Welfare',
      });
      expect(page.results.filter((n) => n.id_riferimento === null).length).toBeGreaterThan(0);
      // Stored as written: the portal sanitizes it (the e2e checks that nothing runs).
      expect(byText(page, 'condizioni del servizio').testo).toContain(XSS);
    });

    it('separates received and sent: laura sent 2, with the recipients named by surname', async () => {
      expect(await all(mario, 'inviati')).toEqual({ count: 0, results: [] });
      const sent = await all(laura, 'inviati');
      expect(sent.count).toBe(2);
      for (const n of sent.results) expect(n.nome_mittente).toBe('Laura Bianchi');
      const reminder = byText(sent, 'scadenza del vostro credito');
      expect(reminder.nomi_destinatari).toContain('Mario Rossi');
      expect(reminder.nomi_destinatari.split(', ')).toHaveLength(4);
      // Not everyone has read it yet.
      expect(reminder.conferma_lettura).toBe(false);
      // Mario received the same message, and sees only himself as recipient.
      const received = byText(await all(mario, 'ricevuti'), 'scadenza del vostro credito');
      expect(received.id).toBe(reminder.id);
      expect(received.nomi_destinatari).toBe('Mario Rossi');
      const lauraReceived = await all(laura, 'ricevuti');
      expect(lauraReceived.count).toBe(3);
      expect(lauraReceived.results.some((n) => n.id === reminder.id)).toBe(false);
    });

    it('keeps the archive apart: mario 4 received (1 unread), laura 1 sent', async () => {
      const archive = await all(mario, 'ricevuti', true);
      expect(archive.count).toBe(4);
      expect(archive.results.filter((n) => !n.conferma_lettura)).toHaveLength(1);
      const inbox = await all(mario, 'ricevuti');
      const inboxIds = new Set(inbox.results.map((n) => n.id));
      expect(archive.results.filter((n) => inboxIds.has(n.id))).toEqual([]);
      // The oldest messages are the archived ones.
      const newestArchived = Math.max(...archive.results.map((n) => Date.parse(n.created)));
      expect(Math.min(...inbox.results.map((n) => Date.parse(n.created)))).toBeGreaterThan(newestArchived);
      const lauraArchive = await all(laura, 'inviati', true);
      expect(lauraArchive.count).toBe(1);
      expect(lauraArchive.results[0]!.testo).toContain('buoni pasto');
      expect((await all(laura, 'ricevuti', true)).count).toBe(1);
      expect((await all(giulia, 'ricevuti', true)).count).toBe(0);
    });

    it('refuses bad parameters with a field error', async () => {
      const cases: Array<[string, string]> = [
        ['mode=tutti', 'mode'],
        ['page=1', 'mode'],
        ['mode=ricevuti&page_size=7', 'page_size'],
        ['mode=ricevuti&page_size=500', 'page_size'],
        ['mode=ricevuti&page_size=abc', 'page_size'],
        ['mode=ricevuti&page=0', 'page'],
        ['mode=ricevuti&page=-1', 'page'],
        ['mode=ricevuti&page=1.5', 'page'],
        ['mode=ricevuti&pagina=2', 'pagina'],
      ];
      for (const archive of [false, true]) {
        for (const [query, field] of cases) {
          const url = `/api/notifiche_utente_list${archive ? '_archivio' : ''}?${query}`;
          const response = await t.request({ method: 'GET', url, token: mario });
          expect(response.statusCode, url).toBe(400);
          const body = json<Record<string, string[]>>(response);
          expect(Object.keys(body), url).toEqual([field]);
        }
      }
      const bad = json(
        await t.request({ method: 'GET', url: '/api/notifiche_utente_list?mode=x', token: mario }),
      );
      expect(bad).toEqual({ mode: [messages.apiValidationEnum] });
    });

    it('needs a session', async () => {
      for (const url of [
        '/api/notifiche_utente_list?mode=ricevuti',
        '/api/notifiche_utente_list_archivio?mode=ricevuti',
      ]) {
        expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      }
      expect(
        (await t.request({ method: 'POST', url: '/api/marca_tutte_le_notifiche_come_lette' })).statusCode,
      ).toBe(401);
    });
  });

  describe('marking read', () => {
    it('lets only a recipient mark a message read, once', async () => {
      const unread = byText(await all(mario, 'ricevuti'), 'ricevuta fiscale');
      expect(unread.conferma_lettura).toBe(false);
      const url = `/api/marca_notifica_come_letta/${unread.id}`;
      // Laura is not a recipient: 404, and nothing changes.
      const foreign = await post(laura, url);
      expect(foreign.statusCode).toBe(404);
      expect(json(foreign)).toEqual({ detail: messages.apiNotificationNotFound });
      expect(await status(mario)).toMatchObject({ ricevuti_new: 2 });

      const first = await post(mario, url);
      expect(first.statusCode).toBe(200);
      expect(json(first)).toEqual({ updated: 1 });
      expect(validUpdate(json(first))).toBe(true);
      expect(await status(mario)).toEqual({ inviati: 0, ricevuti: 8, ricevuti_new: 1 });
      expect(byText(await all(mario, 'ricevuti'), 'ricevuta fiscale').conferma_lettura).toBe(true);
      const row = await t.db
        .selectFrom('notification_recipients')
        .select('read_at')
        .where('notification_id', '=', unread.id)
        .where('user_id', '=', ids.mario)
        .executeTakeFirstOrThrow();
      expect(Date.now() - row.read_at!.getTime()).toBeLessThan(60_000);
      expect(json(await post(mario, url))).toEqual({ updated: 0 });
    });

    it('does not let the sender mark a sent message, nor anyone an unknown id', async () => {
      const sent = byText(await all(laura, 'inviati'), 'scadenza del vostro credito');
      expect((await post(laura, `/api/marca_notifica_come_letta/${sent.id}`)).statusCode).toBe(404);
      expect((await post(mario, '/api/marca_notifica_come_letta/999999999')).statusCode).toBe(404);
      const bad = await post(mario, '/api/marca_notifica_come_letta/abc');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json(bad))).toEqual(['mess_id']);
      expect((await post(mario, '/api/marca_notifica_come_letta/0')).statusCode).toBe(400);
    });

    it('marks an archived message only through the archive variant', async () => {
      const archived = (await all(mario, 'ricevuti', true)).results.find((n) => !n.conferma_lettura)!;
      expect((await post(mario, `/api/marca_notifica_come_letta/${archived.id}`)).statusCode).toBe(404);
      const inboxMessage = (await all(mario, 'ricevuti')).results[0]!;
      expect(
        (await post(mario, `/api/marca_notifica_archivio_come_letta/${inboxMessage.id}`)).statusCode,
      ).toBe(404);
      const response = await post(mario, `/api/marca_notifica_archivio_come_letta/${archived.id}`);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ updated: 1 });
      expect((await all(mario, 'ricevuti', true)).results.every((n) => n.conferma_lettura)).toBe(true);
      // The archive is not counted by the bell.
      expect(await status(mario)).toEqual({ inviati: 0, ricevuti: 8, ricevuti_new: 1 });
    });

    it('marks all received messages read, the inbox and the archive apart', async () => {
      const before = await status(laura);
      expect(before).toMatchObject({ ricevuti_new: 1 });
      const all1 = await post(laura, '/api/marca_tutte_le_notifiche_come_lette');
      expect(all1.statusCode).toBe(200);
      expect(json(all1)).toEqual({ updated: 1 });
      expect(await status(laura)).toEqual({ ...before, ricevuti_new: 0 });
      expect(json(await post(laura, '/api/marca_tutte_le_notifiche_come_lette'))).toEqual({ updated: 0 });
      // Laura's sent messages are untouched: the colleagues' read flags stay.
      const sent = byText(await all(laura, 'inviati'), 'scadenza del vostro credito');
      expect(sent.conferma_lettura).toBe(false);

      // An unread message in giulia's archive: only the archive variant marks it.
      const { id } = await sendNotification(t.db, {
        senderUserId: null,
        senderName: 'Ufficio Welfare',
        recipientUserIds: [ids.giulia],
        testo: '<p>Messaggio da archiviare</p>',
      });
      await t.db
        .updateTable('notification_recipients')
        .set({ archived: true })
        .where('notification_id', '=', id)
        .execute();
      expect(json(await post(giulia, '/api/marca_tutte_le_notifiche_come_lette'))).toEqual({ updated: 1 });
      expect((await all(giulia, 'ricevuti', true)).results[0]!.conferma_lettura).toBe(false);
      const archive = await post(giulia, '/api/marca_tutte_le_notifiche_archivio_come_lette');
      expect(json(archive)).toEqual({ updated: 1 });
      expect((await all(giulia, 'ricevuti', true)).results[0]!.conferma_lettura).toBe(true);
      expect(json(await post(giulia, '/api/marca_tutte_le_notifiche_archivio_come_lette'))).toEqual({
        updated: 0,
      });
    });

    it('marks all of mario: the bell goes to zero', async () => {
      const response = await post(mario, '/api/marca_tutte_le_notifiche_come_lette');
      expect(json(response)).toEqual({ updated: 1 });
      expect(await status(mario)).toEqual({ inviati: 0, ricevuti: 8, ricevuti_new: 0 });
    });
  });

  describe('sendNotification', () => {
    it('delivers to each recipient once, unread, and lists it as sent', async () => {
      const before = await status(mario);
      const sentBefore = (await status(laura)).inviati;
      const { id, created } = await sendNotification(t.db, {
        senderUserId: ids.laura,
        recipientUserIds: [ids.mario, ids.giulia, ids.mario],
        idRiferimento: 4242,
        testo: '<p>Promemoria: <strong>riunione welfare</strong> giovedì alle 10.</p>',
      });
      expect(created).toBe(true);
      expect(await status(mario)).toEqual({
        ...before,
        ricevuti: before.ricevuti + 1,
        ricevuti_new: before.ricevuti_new + 1,
      });
      const newest = (await list(mario, 'mode=ricevuti')).results[0]!;
      expect(newest).toMatchObject({
        id,
        nome_mittente: 'Laura Bianchi',
        nomi_destinatari: 'Mario Rossi',
        id_riferimento: '4242',
        conferma_lettura: false,
      });
      expect((await status(laura)).inviati).toBe(sentBefore + 1);
      const sent = (await list(laura, 'mode=inviati')).results[0]!;
      expect(sent).toMatchObject({ id, nomi_destinatari: 'Mario Rossi, Giulia Verdi' });
      const recipients = await t.db
        .selectFrom('notification_recipients')
        .selectAll()
        .where('notification_id', '=', id)
        .execute();
      expect(recipients).toHaveLength(2);
      // Once everyone has read it, the sender sees the read confirmation.
      await post(mario, `/api/marca_notifica_come_letta/${id}`);
      expect((await list(laura, 'mode=inviati')).results[0]!.conferma_lettura).toBe(false);
      await post(giulia, `/api/marca_notifica_come_letta/${id}`);
      expect((await list(laura, 'mode=inviati')).results[0]!.conferma_lettura).toBe(true);
    });

    it('names at most 20 recipients of a sent message', async () => {
      const employees = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', 'like', '%@acme.example.com')
        .orderBy('id')
        .limit(23)
        .execute();
      expect(employees).toHaveLength(23);
      await sendNotification(t.db, {
        senderUserId: ids.laura,
        recipientUserIds: employees.map((e) => e.id),
        testo: '<p>Comunicazione a tutti</p>',
      });
      const sent = (await list(laura, 'mode=inviati')).results[0]!;
      expect(sent.nomi_destinatari).toMatch(/ e altri 3$/);
      expect(sent.nomi_destinatari.replace(/ e altri 3$/, '').split(', ')).toHaveLength(20);
    });

    it('checks recipients and text, and sends a keyed message once', async () => {
      const error = async (promise: Promise<unknown>) => {
        try {
          await promise;
        } catch (e) {
          expect(e).toBeInstanceOf(ApiError);
          return { status: (e as ApiError).statusCode, body: (e as ApiError).body };
        }
        throw new Error('nessun errore');
      };
      const base = { senderUserId: ids.laura, testo: '<p>Ciao</p>' };
      expect(await error(sendNotification(t.db, { ...base, recipientUserIds: [] }))).toEqual({
        status: 400,
        body: { destinatari: [messages.apiNotificationNoRecipients] },
      });
      expect(
        await error(sendNotification(t.db, { ...base, recipientUserIds: [ids.mario, 999_999_999] })),
      ).toEqual({
        status: 400,
        body: { destinatari: [messages.apiNotificationRecipientUnknown] },
      });
      for (const testo of ['', '   ', 'x'.repeat(8001)]) {
        const answer = await error(sendNotification(t.db, { ...base, testo, recipientUserIds: [ids.mario] }));
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.body)).toEqual(['messaggio']);
      }
      const keyed = { ...base, recipientUserIds: [ids.giulia], rifEsterno: 'test-keyed-1' };
      const first = await sendNotification(t.db, keyed);
      const again = await sendNotification(t.db, keyed);
      expect(again).toEqual({ id: first.id, created: false });
      // Inside a caller's transaction too.
      await t.db.transaction().execute(async (trx) => {
        const inner = await sendNotification(trx, { ...base, recipientUserIds: [ids.giulia] });
        expect(inner.created).toBe(true);
      });
    });
  });

  describe('seed', () => {
    it('is idempotent and keeps what users marked read', async () => {
      const tables = [
        'notifications',
        'notification_recipients',
        'info_popups',
        'carousel_slides',
        'carousel_clicks',
      ] as const;
      const count = async () => {
        const out: Record<string, number> = {};
        for (const table of tables) {
          const row = await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow();
          out[table] = Number(row.n);
        }
        return out;
      };
      const before = await count();
      const marioBefore = await status(mario);
      await seedDemo(t.db);
      expect(await count()).toEqual(before);
      expect(await status(mario)).toEqual(marioBefore);
      expect(marioBefore.ricevuti).toBe(9); // 8 seeded + the one sent by the test above
      expect(before.carousel_slides).toBe(8);
      expect(before.info_popups).toBe(1);
      const seeded = await t.db
        .selectFrom('notification_recipients as r')
        .innerJoin('notifications as n', 'n.id', 'r.notification_id')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('r.user_id', '=', ids.mario)
        .where('n.rif_esterno', 'like', 'seed-%')
        .executeTakeFirstOrThrow();
      expect(Number(seeded.n)).toBe(12);
    });
  });
});
