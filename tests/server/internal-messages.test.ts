/**
 * Internal messaging of the back office (issue 17; spec 002 §2.8, §5, §7): GET utenti_azienda with
 * solo_attivi, POST comunicazione_interna (referent only, Act-For, recipients of the company with an
 * active contract, sanitized HTML, 8,000 characters, Idempotency-Key), the recipients' inbox and bell,
 * and what the company sent (and its archive), on the demo seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { backends, buildTestApp, json, type TestApp } from './helpers';

interface Utente {
  id: number;
  nome: string;
  cognome: string;
  is_cessato: boolean;
}
interface Page {
  count: number;
  results: Array<{ id: number; nome_mittente: string; nomi_destinatari: string; testo: string }>;
}

describe.each(backends)('internal messaging (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let marioId: number;
  let companies: Record<string, number>;
  let ceased: { id: number; company_id: number };
  let foreign: number;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const user = (email: string) =>
      t.db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    marioId = (await user('mario.rossi@example.com')).id;
    foreign = (await user('luca.neri@example.com')).id;
    companies = Object.fromEntries(
      (await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
        c.nome,
        c.id_azienda,
      ]),
    );
    ceased = await t.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('company_id', '=', companies['Acme S.p.A.']!)
      .where('is_cessato', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => t?.close());

  /** A POST names its company (Act-For, required on back-office changes): Acme S.p.A. unless told. */
  const send = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/comunicazione_interna',
      token,
      payload: payload as object,
      headers: { 'act-for': String(companies['Acme S.p.A.']), ...headers },
    });
  const bell = async (token: string) =>
    json<{ ricevuti_new: number }>(await t.request({ method: 'GET', url: '/api/info_notifiche', token }))
      .ricevuti_new;
  const inbox = async (token: string) => {
    const response = await t.request({
      method: 'GET',
      url: '/api/notifiche_utente_list?mode=ricevuti&page_size=200',
      token,
    });
    expect(response.statusCode).toBe(200);
    return json<Page>(response);
  };

  it('offers as recipients (utenti_azienda?solo_attivi=1) the company users without the ceased ones', async () => {
    const all = await t.request({ method: 'GET', url: '/api/utenti_azienda', token: laura });
    expect(all.statusCode).toBe(200);
    const everyone = json<Utente[]>(all);
    const active = json<Utente[]>(
      await t.request({ method: 'GET', url: '/api/utenti_azienda?solo_attivi=1', token: laura }),
    );
    expect(everyone.some((u) => u.id === ceased.id && u.is_cessato)).toBe(true);
    expect(active.some((u) => u.id === ceased.id)).toBe(false);
    expect(active.every((u) => !u.is_cessato)).toBe(true);
    expect(active.some((u) => u.id === marioId)).toBe(true);
    expect(active.length).toBe(everyone.filter((u) => !u.is_cessato).length);
    // Another company acted for: its own users, not Acme's.
    const servizi = json<Utente[]>(
      await t.request({
        method: 'GET',
        url: '/api/utenti_azienda?solo_attivi=1',
        token: laura,
        headers: { 'act-for': String(companies['Acme Servizi S.r.l.']) },
      }),
    );
    expect(servizi.length).toBeGreaterThan(0);
    expect(servizi.some((u) => u.id === marioId)).toBe(false);
  });

  it('refuses an employee (403), a company the referent does not manage (403), no Act-For on the POST (400)', async () => {
    const employee = await send(mario, { destinatari: [marioId], messaggio: '<p>Ciao</p>' });
    expect(employee.statusCode).toBe(403);
    expect(json(employee)).toEqual({ detail: messages.apiActForForbidden });
    expect((await t.request({ method: 'GET', url: '/api/utenti_azienda', token: mario })).statusCode).toBe(
      403,
    );
    const actFor = { 'act-for': String(companies['Globex S.p.A.']) };
    const otherCompany = await send(laura, { destinatari: [foreign], messaggio: '<p>Ciao</p>' }, actFor);
    expect(otherCompany.statusCode).toBe(403);
    expect(json(otherCompany)).toEqual({ detail: messages.apiActForForbidden });
    const listing = await t.request({
      method: 'GET',
      url: '/api/utenti_azienda',
      token: laura,
      headers: actFor,
    });
    expect(listing.statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/comunicazioni_interne_inviate',
          token: laura,
          headers: actFor,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/utenti_azienda' })).statusCode).toBe(401);
    // A message is sent for the company the page names: no Act-For, 400.
    const unnamed = await t.request({
      method: 'POST',
      url: '/api/comunicazione_interna',
      token: laura,
      payload: { destinatari: [marioId], messaggio: '<p>Ciao</p>' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(json(unnamed)).toEqual({ detail: messages.apiActForRequired });
  });

  it('refuses a ceased employee, one of another company, and one of a company not acted for', async () => {
    const before = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const recipientError = { destinatari: [messages.apiInternalMessageRecipientInvalid] };
    for (const destinatari of [[marioId, ceased.id], [foreign], [999_999_999]]) {
      const response = await send(laura, { destinatari, messaggio: '<p>Ciao</p>' });
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response)).toEqual(recipientError);
    }
    // Mario is an Acme S.p.A. employee: not a recipient when laura acts for Acme Servizi.
    const servizi = await send(
      laura,
      { destinatari: [marioId], messaggio: '<p>Ciao</p>' },
      { 'act-for': String(companies['Acme Servizi S.r.l.']) },
    );
    expect(servizi.statusCode).toBe(400);
    expect(json(servizi)).toEqual(recipientError);
    const after = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses no recipient, an empty text and one over 8,000 characters, with Italian messages', async () => {
    const none = await send(laura, { destinatari: [], messaggio: '<p>Ciao</p>' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(json(none))).toEqual(['destinatari']);
    const empty = await send(laura, { destinatari: [marioId], messaggio: '<p> </p><p><br></p>' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ messaggio: [messages.apiInternalMessageEmpty] });
    const onlyScript = await send(laura, { destinatari: [marioId], messaggio: '<script>alert(1)</script>' });
    expect(json(onlyScript)).toEqual({ messaggio: [messages.apiInternalMessageEmpty] });
    const long = `<p>${'a'.repeat(8000 - 7)}</p>`;
    expect(long.length).toBe(8000);
    const tooLong = await send(laura, { destinatari: [marioId], messaggio: `${long}x` });
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong)).toEqual({
      messaggio: [messages.apiInternalMessageTooLong.replace('{limit}', '8000')],
    });
    const atLimit = await send(laura, { destinatari: [marioId], messaggio: long });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('sends: the recipient finds it in the inbox with the sender, sanitized, and the bell rises', async () => {
    const before = await bell(mario);
    const html =
      '<p onclick="steal()">Cari colleghi, <strong>venerdì</strong> <em>chiusura</em> alle 14.</p>' +
      '<img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<ul><li>uno</li></ul><a href="javascript:alert(3)">x</a> <a href="https://example.com/avviso">avviso</a>';
    const response = await send(laura, { destinatari: [marioId], messaggio: html });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<{ id: number }>(response);
    expect(await bell(mario)).toBe(before + 1);
    const found = (await inbox(mario)).results.find((n) => n.id === id);
    expect(found?.nome_mittente).toBe('Laura Bianchi');
    expect(found?.testo).toContain('<strong>venerdì</strong>');
    expect(found?.testo).toContain('<ul><li>uno</li></ul>');
    expect(found?.testo).toContain(
      '<a href="https://example.com/avviso" target="_blank" rel="noopener noreferrer nofollow">avviso</a>',
    );
    for (const bad of ['<script', 'onerror', 'onclick', '<img', 'javascript:', 'alert(']) {
      expect(found?.testo).not.toContain(bad);
    }
    // The company's sent messages list it, with the recipient; the ceased colleague sees nothing.
    const sent = json<Page>(
      await t.request({
        method: 'GET',
        url: '/api/comunicazioni_interne_inviate?page_size=200',
        token: laura,
      }),
    );
    expect(sent.results.find((n) => n.id === id)?.nomi_destinatari).toBe('Mario Rossi');
    const other = json<Page>(
      await t.request({
        method: 'GET',
        url: '/api/comunicazioni_interne_inviate?page_size=200',
        token: laura,
        headers: { 'act-for': String(companies['Acme Servizi S.r.l.']) },
      }),
    );
    expect(other.results.some((n) => n.id === id)).toBe(false);
  });

  it('lists the archive apart (the seed archived one of laura’s messages)', async () => {
    const archive = json<Page>(
      await t.request({
        method: 'GET',
        url: '/api/comunicazioni_interne_inviate_archivio?page_size=200',
        token: laura,
      }),
    );
    const sent = json<Page>(
      await t.request({
        method: 'GET',
        url: '/api/comunicazioni_interne_inviate?page_size=200',
        token: laura,
      }),
    );
    expect(archive.count).toBeGreaterThan(0);
    const sentIds = new Set(sent.results.map((n) => n.id));
    expect(archive.results.every((n) => !sentIds.has(n.id))).toBe(true);
  });

  it('sends once for a repeated Idempotency-Key', async () => {
    const payload = { destinatari: [marioId], messaggio: '<p>Una volta sola</p>' };
    const headers = { 'idempotency-key': 'mess-interna-1' };
    const first = await send(laura, payload, headers);
    const again = await send(laura, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(first));
    const copies = (await inbox(mario)).results.filter((n) => n.testo === '<p>Una volta sola</p>');
    expect(copies).toHaveLength(1);
  });
});
