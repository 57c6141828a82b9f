/**
 * Partner portals (config/partners.ts, ARCHITECTURE.md §5): the login calls generated from the
 * declarations, `enc_data` (AES-256-GCM round trip, expiry, single-use nonce, tampering, wrong key) as
 * the demo partner sees it, the signed charge (`POST /api/partner_charge`: signature, timestamp window,
 * replay, over-credit with nothing written, Idempotency-Key), the bitq ids and salabam services, the
 * bonusx shape, the route's permission (403), a partner declared only in tests/fixtures/partners working
 * end to end, and a provider without its variables disabled outside demo mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { findPartner, partners, partnerProviders, type PartnerDeclaration } from '../../config/partners';
import { EnvError, resolvePartnerSecrets } from '../../src/server/plugins/env';
import { balances } from '../../src/server/services/ledger';
import { formatEuro, parseCents } from '../../src/shared/money';
import {
  newRequestNonce,
  openHandoff,
  sealHandoff,
  signCharge,
  type PartnerHandoffPayload,
} from '../../src/server/services/partner-crypto';
import { createHandoff, partnerIdempotencyKey } from '../../src/server/services/partners';
import { convProva, extraPartners, providerProva } from '../fixtures/partners/partner-prova';
import { ledgerCounts, userIdOf } from './forms-helpers';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';
import { openPgliteCopy } from './templates';

const demoKey = (id: string) => {
  const provider = [...partnerProviders, providerProva].find((item) => item.id === id);
  if (!provider) throw new Error(id);
  return provider.demoKey;
};

const partner = (route: string): PartnerDeclaration => {
  const found = findPartner(route);
  if (!found) throw new Error(route);
  return found;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(backends)('partner portals (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let marioId: number;
  let chargeCount = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, { extraPartners });
    mario = await t.login('mario.rossi@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
  });
  afterAll(async () => t?.close());

  const login = (declaration: PartnerDeclaration, token = mario) =>
    t.request({
      method: declaration.call.name === 'bonusx_login' ? 'GET' : 'POST',
      url: `/api/${declaration.call.name}/${declaration.route_name}`,
      token,
      ...(declaration.call.body ? { payload: declaration.call.body } : {}),
    });

  const arrive = (path: string, fields: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });

  /** A signed charge as a partner sends it. */
  const charge = (
    body: Record<string, unknown>,
    options: {
      provider?: string;
      key?: string | null;
      secret?: string;
      timestamp?: number;
      nonce?: string;
      signature?: string;
    } = {},
  ) => {
    const provider = options.provider ?? 'convenzioni';
    const raw = JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const key = options.key === undefined ? `addebito-${++chargeCount}` : options.key;
    const nonce = options.nonce ?? newRequestNonce();
    return t.request({
      method: 'POST',
      url: '/api/partner_charge',
      headers: {
        'content-type': 'application/json',
        'x-partner-id': provider,
        'x-partner-timestamp': timestamp,
        'x-partner-nonce': nonce,
        'x-partner-signature':
          options.signature ?? signCharge(options.secret ?? demoKey(provider), timestamp, nonce, raw),
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: raw,
    });
  };

  /** A fresh hand-off for mario on a page, decrypted as its partner would. */
  async function handoff(route: string): Promise<{ encData: string; payload: PartnerHandoffPayload }> {
    const declaration = findPartner(route, [...partners, convProva]);
    if (!declaration) throw new Error(route);
    return createHandoff(t.db, {
      partner: declaration,
      secret: { key: demoKey(declaration.provider), url: null },
      userId: marioId,
    });
  }

  it('answers enc_data and login_url; the payload carries the user, the credit and its balance, expiry and nonce', async () => {
    const before = await balances(t.db, marioId);
    const response = await login(partner('conv-attive'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = json<{ enc_data: string; login_url: string }>(response);
    expect(answer.login_url).toBe('http://localhost:80/demo-partner/convenzioni/conv-attive');
    const payload = openHandoff(demoKey('convenzioni'), 'convenzioni', answer.enc_data);
    expect(payload).toMatchObject({
      v: 1,
      partner: 'convenzioni',
      page: 'conv-attive',
      service: 'welcometoitaly',
      cluster: 'home',
      utente: { id: marioId, nome: 'Mario', cognome: 'Rossi', email: 'mario.rossi@example.com' },
      credito: { comp_credito: 'totale', disponibile: (before.totale / 100).toFixed(2) },
    });
    expect(payload!.exp - payload!.iat).toBe(300);
    expect(payload!.nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The gift cards offer the art. 51 c.3 balance, as their body says.
    const gift = openHandoff(
      demoKey('convenzioni'),
      'convenzioni',
      json<{ enc_data: string }>(await login(partner('conv-giftcard'))).enc_data,
    );
    expect(gift?.credito).toEqual({
      comp_credito: 'art51c3',
      disponibile: (before.art51c3 / 100).toFixed(2),
    });
  });

  it('refuses a body other than the declared one (400) and a user without the route permission (403)', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/sso_login_partner/conv-attive',
      token: mario,
      payload: { service: 'travel', cluster: 'home', comp_credito: 'totale' },
    });
    expect(wrong.statusCode).toBe(400);
    const luca = await t.login('luca.neri@example.com');
    const threshold = await login(partner('conv-fac'), luca);
    expect(threshold.statusCode).toBe(403);
    expect(json(threshold)).toEqual({ detail: messages.thresholdNotOk });
    // The fixture's route is not in config/routes.ts: its own name is the permission mario lacks.
    const denied = await login(convProva);
    expect(denied.statusCode, denied.body).toBe(403);
    expect(json(denied)).toEqual({ detail: messages.apiForbidden });
    expect((await login(partner('conv-attive'), '')).statusCode).toBe(401);
  });

  it('gives every bitq page its showcase id and every salabam page its service', async () => {
    const ids: Record<string, number> = {
      'conv-bitq-parchi': 151,
      'conv-bitq-exp': 113,
      'conv-bitq-tour': 122,
      'conv-bitq-sport': 14,
      'conv-bitq-musei': 18,
      'conv-bitq-cinema': 152,
      'conv-bitq-concerti': 19,
      'conv-bitq-gaming': 150,
      'conv-bitq-corsi': 115,
    };
    for (const [route, cat] of Object.entries(ids)) {
      const response = await login(partner(route));
      expect(response.statusCode, route).toBe(200);
      const payload = openHandoff(demoKey('bitq'), 'bitq', json<{ enc_data: string }>(response).enc_data);
      expect(payload?.cat, route).toBe(cat);
    }
    const services: Record<string, string> = {
      'conv-salabam-shop': 'salabam',
      'conv-salabam-vadobay': 'vadobay',
      'conv-salabam-voli-vadobay': 'voli-vadobay',
      'conv-salabam-vacanze-vadobay': 'vacanze-vadobay',
      'conv-salabam-vivamod': 'vivamod',
    };
    for (const [route, service] of Object.entries(services)) {
      const wrong = await t.request({
        method: 'POST',
        url: `/api/salabam_login/${route}`,
        token: mario,
        payload: { service: 'altro' },
      });
      expect(wrong.statusCode, route).toBe(400);
      const response = await login(partner(route));
      expect(response.statusCode, route).toBe(200);
      const url = new URL(json<{ login_url: string }>(response).login_url);
      expect(url.pathname).toBe(`/demo-partner/salabam/${route}`);
      const payload = openHandoff(demoKey('salabam'), 'salabam', url.searchParams.get('d') ?? '');
      expect(payload?.service, route).toBe(service);
    }
  });

  it('serves the voucher-portal SSO with service 200 (art. 51 c.3) or 100, gated by the voucher page', async () => {
    for (const [route, service, comp] of [
      ['conv-aml', 200, 'art51c3'],
      ['conv-aml-expedia', 100, 'totale'],
      ['conv-aml-hoepli', 100, 'totale'],
    ] as const) {
      const wrong = await t.request({
        method: 'POST',
        url: `/api/sso_login_buoni/${route}`,
        token: mario,
        payload: { service: service === 200 ? 100 : 200 },
      });
      expect(wrong.statusCode, route).toBe(400);
      const response = await t.request({
        method: 'POST',
        url: `/api/sso_login_buoni/${route}`,
        token: mario,
        payload: { service },
      });
      expect(response.statusCode, route).toBe(200);
      const answer = json<{ enc_data: string; login_url: string }>(response);
      expect(new URL(answer.login_url).pathname).toBe(`/demo-partner/buoni/${route}`);
      const payload = openHandoff(demoKey('buoni'), 'buoni', answer.enc_data);
      expect(payload).toMatchObject({
        page: route,
        service: String(service),
        credito: { comp_credito: comp },
      });
    }
    const luca = await t.login('luca.neri@example.com');
    const denied = await t.request({
      method: 'POST',
      url: '/api/sso_login_buoni/conv-aml',
      token: luca,
      payload: { service: 200 },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('lands on the demo partner as mario with his credit; a replayed, expired, tampered or foreign hand-off is refused', async () => {
    const { encData, payload } = await handoff('conv-viaggi');
    const landed = await arrive('/demo-partner/convenzioni/conv-viaggi', { d: encData });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(landed.body).toContain('Benvenuto, Mario Rossi');
    expect(landed.body).toContain(
      `Credito disponibile: ${formatEuro(parseCents(payload.credito.disponibile) ?? -1)} (credito welfare)`,
    );
    expect(landed.body).not.toContain('<script');

    const replayed = await arrive('/demo-partner/convenzioni/conv-viaggi', { d: encData });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.body).toContain(escaped(messages.apiDemoPartnerReplayed));

    const expired = await createHandoff(t.db, {
      partner: partner('conv-viaggi'),
      secret: { key: demoKey('convenzioni'), url: null },
      userId: marioId,
      now: new Date(Date.now() - 10 * 60_000),
    });
    const late = await arrive('/demo-partner/convenzioni/conv-viaggi', { d: expired.encData });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain(escaped(messages.apiDemoPartnerExpired));

    const fresh = await handoff('conv-viaggi');
    const bytes = Buffer.from(fresh.encData, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    const tampered = await arrive('/demo-partner/convenzioni/conv-viaggi', {
      d: bytes.toString('base64url'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain(escaped(messages.apiDemoPartnerTampered));

    // Sealed with another key, or handed to another partner: the same refusal.
    const foreign = sealHandoff('una-chiave-diversa-0123456789abcdef-0123', 'convenzioni', fresh.payload);
    expect((await arrive('/demo-partner/convenzioni/conv-viaggi', { d: foreign })).statusCode).toBe(400);
    expect((await arrive('/demo-partner/bitq/conv-viaggi', { d: fresh.encData })).statusCode).toBe(400);
    // The untouched one still works once.
    expect((await arrive('/demo-partner/convenzioni/conv-viaggi', { d: fresh.encData })).statusCode).toBe(
      200,
    );
  });

  it('charges the declared balance once: kind 6 Convenzione, oggetto the product, soggetto the partner (like every row)', async () => {
    const { payload } = await handoff('conv-giftcard');
    const before = await balances(t.db, marioId);
    const counts = await ledgerCounts(t, marioId);
    const key = 'ordine-giftcard-1';
    const first = await charge(
      { nonce: payload.nonce, importo: '25.00', prodotto: 'Gift card libri' },
      { key },
    );
    expect(first.statusCode, first.body).toBe(201);
    const answer = json<{ id_acquisto: number; credito_residuo: string; comp_credito: string }>(first);
    expect(answer.comp_credito).toBe('art51c3');
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(2500);
    expect(answer.credito_residuo).toBe((after.art51c3 / 100).toFixed(2));
    const movement = await t.db
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', answer.id_acquisto)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({
      verso: 'DARE',
      importo: 2500,
      id_kind: 6,
      oggetto: 'Gift card libri',
      soggetto: 'Portale Convenzioni - Gift card',
      user_id: marioId,
    });

    // The same charge again (signed anew): the first answer, one debit.
    const retry = await charge(
      { nonce: payload.nonce, importo: '25.00', prodotto: 'Gift card libri' },
      { key },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json(retry)).toEqual(answer);
    // The same key with another body: 422.
    const other = await charge(
      { nonce: payload.nonce, importo: '26.00', prodotto: 'Gift card libri' },
      { key },
    );
    expect(other.statusCode).toBe(422);
    expect(await ledgerCounts(t, marioId)).toEqual({
      purchases: counts.purchases + 1,
      movements: counts.movements + 1,
    });
    // The key is the partner's: stored apart from the user's own keys.
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', marioId)
      .where('key', '=', partnerIdempotencyKey('convenzioni', key))
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses a charge above the credit with nothing written', async () => {
    const { payload } = await handoff('conv-viaggi');
    const before = await balances(t.db, marioId);
    const counts = await ledgerCounts(t, marioId);
    const response = await charge({ nonce: payload.nonce, importo: '99999.00', prodotto: 'Giro del mondo' });
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toEqual({
      importo: [
        formatMessage('apiPartnerOverCredit', {
          amount: formatEuro(9_999_900),
          credit: messages.apiPartnerCreditTotale,
          n: formatEuro(before.totale),
        }),
      ],
    });
    expect(await ledgerCounts(t, marioId)).toEqual(counts);
    expect(await balances(t.db, marioId)).toEqual(before);
  });

  it('authenticates the charge: headers, partner, signature, timestamp window, replay', async () => {
    const { payload } = await handoff('conv-booking');
    const body = { nonce: payload.nonce, importo: '1.00', prodotto: 'Notte' };
    const counts = await ledgerCounts(t, marioId);

    const bare = await t.request({ method: 'POST', url: '/api/partner_charge', payload: body });
    expect(bare.statusCode).toBe(401);
    expect(json(bare)).toEqual({ detail: messages.apiPartnerAuthMissing });
    const badSignature = await charge(body, { secret: 'una-chiave-diversa-0123456789abcdef-0123' });
    expect(badSignature.statusCode).toBe(401);
    expect(json(badSignature)).toEqual({ detail: messages.apiPartnerAuthInvalid });
    expect((await charge(body, { provider: 'sconosciuto', secret: demoKey('bitq') })).statusCode).toBe(401);
    const old = await charge(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(old.statusCode).toBe(401);
    expect(json(old)).toEqual({ detail: formatMessage('apiPartnerTimestampInvalid', { n: 300 }) });
    // Another partner's key cannot charge this partner's hand-off.
    const elsewhere = await charge(body, { provider: 'bitq' });
    expect(elsewhere.statusCode).toBe(404);
    expect(await ledgerCounts(t, marioId)).toEqual(counts);

    // The exact request twice: the second is a replay.
    const timestamp = Math.floor(Date.now() / 1000);
    const raw = JSON.stringify(body);
    const nonce = newRequestNonce();
    const signature = signCharge(demoKey('convenzioni'), String(timestamp), nonce, raw);
    const once = await charge(body, { timestamp, nonce, signature, key: 'notte-1' });
    expect(once.statusCode, once.body).toBe(201);
    const again = await charge(body, { timestamp, nonce, signature, key: 'notte-1' });
    expect(again.statusCode).toBe(401);
    expect(json(again)).toEqual({ detail: messages.apiPartnerReplay });
    // Without an Idempotency-Key: 400.
    expect((await charge(body, { key: null })).statusCode).toBe(400);
    expect(await ledgerCounts(t, marioId)).toEqual({
      purchases: counts.purchases + 1,
      movements: counts.movements + 1,
    });
  });

  it('answers bonusx with login_url, payload.data and client_id, which the demo partner accepts', async () => {
    const response = await login(partner('conv-bonusx'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = json<{ login_url: string; payload: { data: string }; client_id: string }>(response);
    expect(answer.client_id).toBe('portale-welfare');
    const path = new URL(answer.login_url).pathname;
    expect(path).toBe('/demo-partner/bonusx/conv-bonusx');
    const wrongClient = await arrive(path, { data: answer.payload.data, clientId: 'altro' });
    expect(wrongClient.statusCode).toBe(400);
    const landed = await arrive(path, { data: answer.payload.data, clientId: answer.client_id });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.body).toContain('Benvenuto, Mario Rossi');
  });

  it('serves the wishlist link with d, which the demo partner accepts by GET', async () => {
    const response = await login(partner('conv-wishlist'));
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(json<{ login_url: string }>(response).login_url);
    const landed = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.body).toContain('Benvenuto, Mario Rossi');
  });

  it('runs the fixture partner end to end with no code: call, hand-off, purchase at the partner, movement', async () => {
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: marioId, perm: convProva.route_name })
      .execute();
    const response = await login(convProva);
    expect(response.statusCode, response.body).toBe(200);
    const { enc_data: d, login_url: loginUrl } = json<{ enc_data: string; login_url: string }>(response);
    expect(new URL(loginUrl).pathname).toBe('/demo-partner/prova/conv-prova');
    const landed = await arrive('/demo-partner/prova/conv-prova', { d });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.body).toContain('credito welfare ART 51 C.3');

    // The demo partner's own purchase form: its hidden fields, posted back.
    const fields = hiddenFields(landed.body, 'esperienza');
    const before = await balances(t.db, marioId);
    const bought = await arrive('/demo-partner/prova/acquista', fields);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.body).toContain('Acquisto completato');
    // A double submit of the same form debits once.
    const twice = await arrive('/demo-partner/prova/acquista', fields);
    expect(twice.statusCode).toBe(200);
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(4900);
    const last = await t.db
      .selectFrom('movements')
      .select(['id_kind', 'oggetto', 'soggetto', 'importo'])
      .where('user_id', '=', marioId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ id_kind: 6, oggetto: 'Esperienza', soggetto: 'Partner di prova', importo: 4900 });

    // Too dear: the partner shows the API's Italian refusal.
    const dear = await arrive('/demo-partner/prova/acquista', hiddenFields(bought.body, 'weekend'));
    expect(dear.statusCode).toBe(400);
    expect(dear.body).toContain('supera il credito welfare ART 51 C.3 disponibile');
    // A forged visit is refused.
    const forged = await arrive('/demo-partner/prova/acquista', { ...fields, visita: `${fields.visita}x` });
    expect(forged.statusCode).toBe(400);
  });

  it('answers the benefit-hub code of the user’s customer, as the installation content set it', async () => {
    const first = await t.request({ method: 'GET', url: '/api/benefit_hub', token: mario });
    expect(first.statusCode, first.body).toBe(200);
    // The demo content's code for acme (db/demo-content.ts), not one made up by the server.
    expect(json<{ codice_cliente: string }>(first).codice_cliente).toBe('ACME-7F3K92QD');
  });
});

describe('partner variables (plugins/env.ts)', () => {
  it('refuses a short key or a bad address at start, naming the variable; disables a partner without them', () => {
    expect(() => resolvePartnerSecrets({ PARTNER_KEY_FAC: 'corta' }, true)).toThrow(EnvError);
    expect(() => resolvePartnerSecrets({ PARTNER_URL_FAC: 'ftp://fac.example.com' }, false)).toThrow(
      /PARTNER_URL_FAC/,
    );
    const key = 'chiave-fac-di-produzione-0123456789abcdef';
    const production = resolvePartnerSecrets({ PARTNER_KEY_FAC: key }, false);
    expect(production.fac).toBeNull();
    expect(production.bitq).toBeNull();
    expect(
      resolvePartnerSecrets({ PARTNER_KEY_FAC: key, PARTNER_URL_FAC: 'https://fac.example.com/' }, false).fac,
    ).toEqual({
      key,
      url: 'https://fac.example.com',
    });
    // Demo mode: the public demo key and the demo partner.
    expect(resolvePartnerSecrets({}, true).fac).toEqual({ key: demoKey('fac'), url: null });
  });
});

describe('partner providers outside demo mode (pglite)', () => {
  let t: TestApp;
  let mario: string;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      demo: false,
      database: await openPgliteCopy('demo'),
      env: {
        TICKET_SECRET: TEST_TICKET_SECRET,
        PARTNER_KEY_FAC: 'chiave-fac-di-produzione-0123456789abcdef',
        PARTNER_URL_FAC: 'https://fac.example.com/sso',
      },
    });
    mario = await t.login('mario.rossi@example.com');
  });
  afterAll(async () => {
    const database = t?.app ? t.db : null;
    await t?.close();
    await database?.destroy().catch(() => undefined);
  });

  it('disables a provider without its key (503 in Italian) and uses the configured one', async () => {
    const disabled = await t.request({
      method: 'POST',
      url: '/api/sso_login_partner/conv-attive',
      token: mario,
      payload: partner('conv-attive').call.body,
    });
    expect(disabled.statusCode).toBe(503);
    expect(json(disabled)).toEqual({
      detail: formatMessage('apiPartnerUnavailable', { title: 'Esperienze Welcome To Italy' }),
    });
    const fac = await t.request({ method: 'POST', url: '/api/partner_login/conv-fac', token: mario });
    expect(fac.statusCode, fac.body).toBe(200);
    const answer = json<{ enc_data: string; login_url: string }>(fac);
    expect(answer.login_url).toBe('https://fac.example.com/sso');
    expect(openHandoff('chiave-fac-di-produzione-0123456789abcdef', 'fac', answer.enc_data)?.page).toBe(
      'conv-fac',
    );
    // No demo partner outside demo mode.
    expect((await t.request({ method: 'GET', url: '/demo-partner/fac/conv-fac?d=x' })).statusCode).toBe(404);
  });
});

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}

/** The hidden fields of the demo partner's purchase form of one offer. */
function hiddenFields(html: string, offer: string): Record<string, string> {
  const forms = html.split('<form').slice(1);
  const chosen = forms.find((part) => part.includes(`name="offerta" value="${offer}"`));
  if (!chosen) throw new Error(`offerta ${offer} assente`);
  const fields: Record<string, string> = {};
  for (const match of chosen.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&');
  }
  return fields;
}

describe('addresses of the outside world, per installation (pglite)', () => {
  /** The request form, new-convention and benefit-hub addresses an app answers. */
  const addresses = async (options: { demo: boolean; env?: Record<string, string> }) => {
    const t = await buildTestApp('pglite', {
      demo: options.demo,
      database: await openPgliteCopy('demo'),
      env: { TICKET_SECRET: TEST_TICKET_SECRET, ...options.env },
    });
    try {
      const mario = await t.login('mario.rossi@example.com');
      const links = json(await t.request({ method: 'GET', url: '/api/indirizzi_esterni', token: mario }));
      const hub = json<Record<string, unknown>>(
        await t.request({ method: 'GET', url: '/api/benefit_hub', token: mario }),
      );
      const anonymous = await t.request({ method: 'GET', url: '/api/indirizzi_esterni' });
      return {
        links,
        hub: { url_iscrizione: hub.url_iscrizione, url_video: hub.url_video },
        anonymous: anonymous.statusCode,
      };
    } finally {
      const database = t.db;
      await t.close();
      await database.destroy().catch(() => undefined);
    }
  };

  it('in demo mode: the demo pages this server serves; no video', async () => {
    expect(await addresses({ demo: true })).toEqual({
      links: {
        richiesta_convenzione: '/demo-partner/richiesta-convenzione',
        nuova_convenzione: '/demo-partner/richiesta-convenzione',
      },
      hub: { url_iscrizione: '/demo-partner/benefit-hub/iscrizione', url_video: null },
      anonymous: 401,
    });
  });

  it('outside demo mode: null when unset (the portal hides the buttons), the installation’s when set', async () => {
    expect((await addresses({ demo: false })).links).toEqual({
      richiesta_convenzione: null,
      nuova_convenzione: null,
    });
    expect((await addresses({ demo: false })).hub).toEqual({ url_iscrizione: null, url_video: null });
    const set = await addresses({
      demo: false,
      env: {
        REQUEST_FORM_URL: 'https://convenzioni.example.com/richiesta',
        NEW_CONVENTION_URL: 'https://convenzioni.example.com/nuova',
        BENEFIT_HUB_SUBSCRIBE_URL: 'https://hub.example.com/iscrizione',
        BENEFIT_HUB_VIDEO_URL: 'https://hub.example.com/tutorial.mp4',
      },
    });
    expect(set).toEqual({
      links: {
        richiesta_convenzione: 'https://convenzioni.example.com/richiesta',
        nuova_convenzione: 'https://convenzioni.example.com/nuova',
      },
      hub: {
        url_iscrizione: 'https://hub.example.com/iscrizione',
        url_video: 'https://hub.example.com/tutorial.mp4',
      },
      anonymous: 401,
    });
  });
});
