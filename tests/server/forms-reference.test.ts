/**
 * Reference data of the request forms (spec 001 §3, §5, §7, §9): categories per form kind, kinship
 * relations, the user's own beneficiaries and IBANs, suppliers (two sharing one VAT number), pension
 * funds, tutorial and documentation links, the pension information acceptance, the document types
 * every upload slot offers, and the validity of the seeded codes.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amortization, forms } from '../../config/forms';
import type { FormDeclaration } from '../../config/forms/types';
import { messages } from '../../config/messages-api.it';
import {
  MARIO_BENEFICIARIES,
  MARIO_COVIP,
  MARIO_IBANS,
  SEED_SUPPLIERS,
} from '../../src/server/db/seed-forms';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { isValidIban, isValidTaxCode, isValidVatNumber } from '../../src/shared/validators';
import { buildFormsApp, type FormsTestApp } from './forms-helpers';
import { backends, createTestUser, json } from './helpers';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);

function expectShape(id: string, items: unknown[]) {
  const validate = ajv.getSchema(id)!;
  for (const item of items) expect(validate(item), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('seeded codes', () => {
  it('are valid: beneficiaries’ codici fiscali, IBANs, suppliers’ VAT numbers and IBANs', () => {
    expect(MARIO_BENEFICIARIES.map((b) => b.id_relazione).sort()).toEqual([2, 3, 4]);
    for (const b of MARIO_BENEFICIARIES) expect(isValidTaxCode(b.cod_fisc), b.cod_fisc).toBe(true);
    for (const iban of MARIO_IBANS) expect(isValidIban(iban), iban).toBe(true);
    for (const s of SEED_SUPPLIERS) {
      expect(isValidVatNumber(s.p_iva), s.p_iva).toBe(true);
      if (s.iban) expect(isValidIban(s.iban), s.iban).toBe(true);
    }
  });
});

describe.each(backends)('form reference data (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let giulia: string;

  beforeAll(async () => {
    t = await buildFormsApp(backend);
    mario = await t.login('mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
  });
  afterAll(async () => t?.close());

  const get = async (token: string, url: string, status = 200) => {
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return json<unknown>(response);
  };

  describe('categorie/{kind}', () => {
    it('answers the categories of the set of every form with categories', async () => {
      for (const form of forms as readonly FormDeclaration[]) {
        if (!form.categories) continue;
        const list = (await get(mario, `/api/categorie/${form.categories.set}`)) as { id: number }[];
        expectShape('categoria', list);
        expect(list.length, form.route_name).toBeGreaterThanOrEqual(3);
      }
      const expenses = (await get(mario, '/api/categorie/1')) as {
        id: number;
        nome: string;
        me_stesso: boolean;
      }[];
      expect(expenses.find((c) => c.nome === 'Trasporto pubblico (abbonamenti)')?.me_stesso).toBe(true);
      expect(expenses.find((c) => c.nome === 'Spese mediche e sanitarie')?.me_stesso).toBe(false);
      const bills = (await get(mario, '/api/categorie/13')) as { nome: string }[];
      expect(bills.map((c) => c.nome).join(' ')).toMatch(/Luce.*Gas.*Acqua.*Rifiuti/);
    });

    it('has the mortgage categories 66-68, rent above 68 and some below 66 for rent/mortgage', async () => {
      const ids = ((await get(mario, '/api/categorie/14')) as { id: number }[]).map((c) => c.id);
      for (const id of amortization.requiredCategoryIds) expect(ids).toContain(id);
      expect(ids.some((id) => id > amortization.maxCategoryId)).toBe(true);
      expect(ids.some((id) => id < 66)).toBe(true);
    });

    it('answers 400 for a kind without a form', async () => {
      expect(await get(mario, '/api/categorie/2', 400)).toEqual({
        kind: [messages.apiFormKindInvalid.replace('{kind}', '2')],
      });
      await get(mario, '/api/categorie/abc', 400);
      await get(mario, '/api/categorie/99', 400);
    });
  });

  it('relazioni_parentali: ids 1..9 with the four the portal offers', async () => {
    const list = (await get(mario, '/api/relazioni_parentali')) as { id: number; nome: string }[];
    expectShape('relazione-parentale', list);
    expect(list.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      Object.fromEntries(list.filter((r) => [2, 3, 4, 8].includes(r.id)).map((r) => [r.id, r.nome])),
    ).toEqual({
      2: 'Coniuge',
      3: 'Figlio/a',
      4: 'Genitore',
      8: 'Unito/a civilmente',
    });
  });

  describe('beneficiari/{prefix}', () => {
    it("finds mario's family by tax-code prefix, upper-casing it", async () => {
      const list = (await get(mario, '/api/beneficiari/rss')) as { cod_fisc: string }[];
      expectShape('beneficiario-suggerito', list);
      const expected = MARIO_BENEFICIARIES.filter((b) => b.cod_fisc.startsWith('RSS'))
        .map((b) => ({ cod_fisc: b.cod_fisc, nome: b.nome, id_relazione: b.id_relazione }))
        .sort((a, b) => a.cod_fisc.localeCompare(b.cod_fisc));
      expect(list).toEqual(expected);
      const exact = MARIO_BENEFICIARIES[0]!.cod_fisc;
      expect(await get(mario, `/api/beneficiari/${exact}`)).toHaveLength(1);
    });

    it('gives only the own beneficiaries, at most 10, from 2 characters', async () => {
      expect(await get(giulia, '/api/beneficiari/RS')).toEqual([]);
      const giuliaId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'giulia.verdi@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      await t.db
        .insertInto('user_beneficiaries')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            user_id: giuliaId,
            cod_fisc: `VRDXYZ${String(i).padStart(2, '0')}A01F205Z`,
            nome: `Familiare ${i}`,
            id_relazione: 3,
          })),
        )
        .execute();
      expect(await get(giulia, '/api/beneficiari/VRDXYZ')).toHaveLength(10);
      expect(await get(giulia, '/api/beneficiari/VRDXYZ?limit=3')).toHaveLength(3);
      expect(await get(mario, '/api/beneficiari/VRDXYZ')).toEqual([]);
      const short = (await get(mario, '/api/beneficiari/R', 400)) as Record<string, string[]>;
      expect(short).toEqual({ prefix: [messages.apiValidationTooShort.replace('{limit}', '2')] });
      await get(mario, '/api/beneficiari/RS%25', 400);
      await get(mario, '/api/beneficiari/RS?limit=11', 400);
    });
  });

  describe('fornitori', () => {
    it('finds suppliers by VAT prefix; a shared VAT number gives both branches', async () => {
      const shared = (await get(mario, '/api/fornitori?p_iva=02468135799&limit=10')) as {
        ragione_sociale: string;
      }[];
      expectShape('fornitore', shared);
      expect(shared.map((s) => s.ragione_sociale)).toEqual([
        'Poliambulatorio San Luca S.r.l.',
        'Poliambulatorio San Luca S.r.l. - Sede di Monza',
      ]);
      const one = (await get(mario, '/api/fornitori?p_iva=01234567897')) as unknown[];
      expect(one).toEqual([
        {
          id: expect.any(Number),
          p_iva: '01234567897',
          ragione_sociale: 'Centro estivo Arcobaleno',
          indirizzo: 'Via Lario 12',
          citta: 'Milano',
          iban: 'IT47K0503401633000000012345',
        },
      ]);
      expect(await get(mario, '/api/fornitori?p_iva=99999')).toEqual([]);
    });

    it('answers at most 10 and needs 2 digits', async () => {
      await t.db
        .insertInto('suppliers')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            p_iva: `987654321${String(i).padStart(2, '0')}`,
            ragione_sociale: `Fornitore di prova ${i}`,
          })),
        )
        .execute();
      expect(await get(mario, '/api/fornitori?p_iva=98')).toHaveLength(10);
      expect(await get(mario, '/api/fornitori?p_iva=98&limit=4')).toHaveLength(4);
      await get(mario, '/api/fornitori?p_iva=9', 400);
      await get(mario, '/api/fornitori?p_iva=9a', 400);
      await get(mario, '/api/fornitori', 400);
    });
  });

  describe('fondi_previdenza', () => {
    it('finds funds by name, institute or COVIP number (an exact number first)', async () => {
      const byName = (await get(mario, '/api/fondi_previdenza?term=cometa&limit=10')) as { covip: string }[];
      expectShape('fondo-previdenza', byName);
      expect(byName).toEqual([
        { covip: MARIO_COVIP, nome: 'Fondo Pensione Cometa', istituto: expect.any(String) },
      ]);
      const byInstitute = (await get(mario, '/api/fondi_previdenza?term=allianz')) as { nome: string }[];
      expect(byInstitute.map((f) => f.nome)).toEqual(['Allianz Insieme']);
      const byCovip = (await get(mario, '/api/fondi_previdenza?term=61')) as { covip: string }[];
      expect(byCovip[0]!.covip).toBe('61');
      // LIKE wildcards are plain characters.
      expect(await get(mario, '/api/fondi_previdenza?term=%25%25')).toEqual([]);
      expect(await get(mario, '/api/fondi_previdenza?term=__')).toEqual([]);
    });

    it('answers at most 10 and needs 2 characters', async () => {
      expect(await get(mario, '/api/fondi_previdenza?term=fondo')).toHaveLength(6);
      await t.db
        .insertInto('pension_funds')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            covip: `9${i}00`,
            nome: `Fondo Prova ${i}`,
            istituto: 'Prova',
          })),
        )
        .execute();
      expect(await get(mario, '/api/fondi_previdenza?term=fondo')).toHaveLength(10);
      await get(mario, '/api/fondi_previdenza?term=f', 400);
      await get(mario, '/api/fondi_previdenza?term=%20%20', 400);
      await get(mario, '/api/fondi_previdenza', 400);
    });
  });

  describe('iban_utente/{prefix}', () => {
    it("finds the user's own IBANs, normalizing the prefix", async () => {
      const list = (await get(mario, '/api/iban_utente/it-61 e')) as { iban: string }[];
      expectShape('iban-utente', list);
      expect(list).toEqual([{ iban: MARIO_IBANS[0] }]);
      expect(await get(mario, '/api/iban_utente/IT')).toHaveLength(2);
      expect(await get(giulia, '/api/iban_utente/IT')).toEqual([]);
      await get(mario, '/api/iban_utente/i', 400);
      await get(mario, '/api/iban_utente/i--', 400);
    });

    it('answers at most 10', async () => {
      const user = await createTestUser(t.db);
      await t.db
        .insertInto('user_ibans')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            user_id: user.userId,
            iban: `IT00X05034016330000000123${String(i).padStart(2, '0')}`,
          })),
        )
        .execute();
      const token = await t.login(user.email);
      expect(await get(token, '/api/iban_utente/IT00')).toHaveLength(10);
      expect(await get(token, '/api/iban_utente/IT00?limit=2')).toHaveLength(2);
    });
  });

  describe('static_links', () => {
    it('gives the tutorial groups of the forms that show a tutorial banner', async () => {
      const groups = (await get(mario, '/api/static_links/tutorial')) as {
        slug_name: string;
        links: { url: string }[];
      }[];
      expectShape('gruppo-link-statici', groups);
      const banners = (forms as readonly FormDeclaration[]).flatMap((f) => f.intro.tutorialSlug ?? []);
      expect(groups.map((g) => g.slug_name).sort()).toEqual([...banners].sort());
      for (const group of groups) {
        expect(group.links.length).toBeGreaterThanOrEqual(1);
        expect(group.links.length).toBeLessThanOrEqual(2);
        // The demo's videos are served by this server (public/media), so they play offline (issue 15).
        for (const link of group.links) expect(link.url).toMatch(/^(https:\/\/|\/media\/)/);
      }
    });

    it('gives the documentation of each group and one link by slug', async () => {
      const declared = (forms as readonly FormDeclaration[]).flatMap((f) => f.intro.documentationGroup ?? []);
      for (const group of [...new Set([...declared, 'fringe-app'])]) {
        const links = (await get(mario, `/api/static_links/documentazione?group=${group}`)) as unknown[];
        expectShape('link-statico', links);
        expect(links.length, group).toBeGreaterThanOrEqual(1);
      }
      expect(await get(mario, '/api/static_links/documentazione?group=nessuno')).toEqual([]);
      await get(mario, '/api/static_links/documentazione?group=../x', 400);
      const informativa = await get(
        mario,
        '/api/static_links/documentazione/informativa_previdenza_integrativa',
      );
      // The demo's documents are served by this server (db/demo-content.ts), not an example address.
      expect(informativa).toEqual({
        url: expect.stringMatching(/^\/demo-partner\/documentazione\/[a-z0-9-]+\.pdf$/),
      });
      expect(await get(mario, '/api/static_links/documentazione/inesistente', 404)).toEqual({
        detail: messages.apiStaticLinkNotFound,
      });
    });
  });

  describe('file_kind_list and the upload slots of the forms', () => {
    it('offers every slot at least two types after its exclusions, and each excluded id is offered by its kind', async () => {
      for (const form of forms as readonly FormDeclaration[]) {
        for (const slot of form.slots) {
          const types = (await get(mario, `/api/file_kind_list/${slot.file_kind}`)) as { id: number }[];
          expectShape('tipo-documento', types);
          const ids = types.map((type) => type.id);
          for (const excluded of slot.exclude)
            expect(ids, `${form.route_name} ${slot.name}`).toContain(excluded);
          expect(ids.filter((id) => !slot.exclude.includes(id)).length).toBeGreaterThanOrEqual(2);
        }
      }
      const all = new Set<number>();
      for (const kind of [
        'doc_fam',
        'doc_preven',
        'doc_extr_p',
        'doc_pagam',
        'doc_acq',
        'doc_extra',
        'doc_rata',
        'doc_loan',
      ]) {
        for (const type of (await get(mario, `/api/file_kind_list/${kind}`)) as { id: number }[])
          all.add(type.id);
      }
      expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    });
  });

  describe('previdenza_info_accept', () => {
    it("records the acceptance in the user's data", async () => {
      const user = await createTestUser(t.db);
      const token = await t.login(user.email);
      const response = await t.request({
        method: 'POST',
        url: '/api/previdenza_info_accept',
        token,
        payload: { previdenza_is_ok: true },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ previdenza_is_ok: true });
      const row = await t.db
        .selectFrom('users')
        .select('previdenza_is_ok')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(row.previdenza_is_ok).toBe(true);
    });

    it('accepts only true', async () => {
      for (const payload of [{ previdenza_is_ok: false }, {}, { previdenza_is_ok: 'true' }]) {
        const response = await t.request({
          method: 'POST',
          url: '/api/previdenza_info_accept',
          token: mario,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  it('answers 401 without a session', async () => {
    for (const url of [
      '/api/categorie/1',
      '/api/relazioni_parentali',
      '/api/beneficiari/RS',
      '/api/static_links/tutorial',
    ]) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
