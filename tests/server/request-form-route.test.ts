/**
 * A request remembers the form it was sent through (issue 25): POST /api/crea_richiesta/{route_name}
 * stores the route name with the purchase (purchases.form_route, migration 150), and replay resolves
 * the form by it: the history's replay target (`modulo_replay`) and GET /api/get_acquisto_full/{id},
 * read through that form's replay map alone. The proof is a second form of rimb-spese's movement kind
 * (tests/fixtures/forms/rimb-gemella.ts, given through buildApp's `extraForms`): its requests replay
 * as itself, rimb-spese's as rimb-spese; a purchase that names no form (older rows, an operator's
 * debit) still resolves by its kind (config/movement-kinds.ts replayRoute), and the migration fills
 * the existing rows from the kind.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findForm } from '../../config/forms';
import { listMigrations } from '../../src/server/db/migrate';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { debitPurchase } from '../../src/server/services/ledger';
import { replayToFormData } from '../../src/shared/forms/replay';
import type { AcquistoFull, StoricoTransazioni } from '../../schemas/wire-types.gen';
import { rimbGemella, rimbGemellaSchema } from '../fixtures/forms/rimb-gemella';
import { buildFormsApp, upload, userIdOf, type FormsTestApp } from './forms-helpers';
import { backends, json } from './helpers';

type Payload = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validFull = ajv.getSchema('acquisto-full')!;
const validStorico = ajv.getSchema('storico-transazioni')!;

const rimbSpese = findForm('rimb-spese')!;
const REPLAY_KINDS = [1, 3, 7, 13, 14];

/** Thrown to undo a transaction once its reads are done. */
class Rollback extends Error {}

describe.each(backends)('the form of a request, by route name (%s)', (backend) => {
  let t: FormsTestApp;
  let mario: string;
  let marioId: number;
  /** The purchases of the two kind-1 forms, made once for the whole file. */
  let twinId: number;
  let speseId: number;
  const twinPayload: Payload = {
    id_categ: 1,
    importo: '35.00',
    note: 'Visita di controllo',
    tipo: 'ordinaria',
    persone: 1,
    conferma: true,
  };
  let spesePayload: Payload;

  beforeAll(async () => {
    t = await buildFormsApp(backend, {
      extraForms: [{ declaration: rimbGemella, schema: rimbGemellaSchema }],
    });
    mario = await t.login('mario.rossi@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
    await t.db.insertInto('user_permissions').values({ user_id: marioId, perm: 'rimb-gemella' }).execute();

    twinPayload.docs = [await upload(t, mario, { kind: 'doc_acq', typeId: 1 })];
    twinId = await submit('rimb-gemella', twinPayload);
    spesePayload = {
      id_categ: 1,
      importo: '45.50',
      me_stesso: true,
      cod_fisc_ben: null,
      nome_ben: null,
      id_relazione_ben: null,
      docs: [
        await upload(t, mario, { kind: 'doc_pagam', typeId: 2 }),
        await upload(t, mario, { kind: 'doc_acq', typeId: 1 }),
      ],
    };
    speseId = await submit('rimb-spese', spesePayload);
  });
  afterAll(async () => t?.close());

  async function submit(route: string, payload: Payload): Promise<number> {
    const response = await t.request({
      method: 'POST',
      url: `/api/crea_richiesta/${route}`,
      token: mario,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ id_acquisto: number }>(response).id_acquisto;
  }

  async function full(id: number): Promise<AcquistoFull> {
    const response = await t.request({ method: 'GET', url: `/api/get_acquisto_full/${id}`, token: mario });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<AcquistoFull>(response);
    expect(validFull(body), JSON.stringify(validFull.errors)).toBe(true);
    return body;
  }

  /** Mario's history page (last twelve months, newest first). */
  async function history(): Promise<StoricoTransazioni['results']> {
    const response = await t.request({
      method: 'GET',
      url: '/api/get_storico_transazioni/utente?page_size=100',
      token: mario,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<StoricoTransazioni>(response);
    expect(validStorico(body), JSON.stringify(validStorico.errors)).toBe(true);
    return body.results;
  }

  async function replayRouteOfPurchase(id: number): Promise<string | null | undefined> {
    const row = (await history()).find((r) => r.id_acquisto === id);
    expect(row, `movimento dell'acquisto ${id}`).toBeDefined();
    return row?.modulo_replay;
  }

  const formRoute = async (id: number) =>
    await t.db
      .selectFrom('purchases')
      .select(['kind', 'form_route'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('stores the route name of the form with the request, whatever its kind', async () => {
    expect(await formRoute(twinId)).toEqual({ kind: 1, form_route: 'rimb-gemella' });
    expect(await formRoute(speseId)).toEqual({ kind: 1, form_route: 'rimb-spese' });
  });

  it('names in the history the form each request was sent through, on the kinds that replay', async () => {
    expect(await replayRouteOfPurchase(twinId)).toBe('rimb-gemella');
    expect(await replayRouteOfPurchase(speseId)).toBe('rimb-spese');
    const rows = await history();
    for (const row of rows) {
      const label = `${row.id} (tipo ${row.id_kind})`;
      if (row.id_acquisto === null || !REPLAY_KINDS.includes(row.id_kind)) {
        expect(row.modulo_replay, label).toBeNull();
      } else expect(row.modulo_replay, label).toEqual(expect.any(String));
    }
    // The seeded conv-ondemand request names its form, and still offers no replay (kind 4: spec 000 §3).
    const ondemand = await t.db
      .selectFrom('purchases')
      .select('id')
      .where('user_id', '=', marioId)
      .where('form_route', '=', 'conv-ondemand')
      .executeTakeFirstOrThrow();
    const ondemandRow = rows.find((r) => r.id_acquisto === ondemand.id);
    if (ondemandRow) expect(ondemandRow.modulo_replay).toBeNull();
  });

  it('reads each request back through its own form only (no other form of the kind)', async () => {
    const twin = await full(twinId);
    // rimb-gemella's map alone: the description, and no category (rimb-spese's map would write it).
    expect(twin).toMatchObject({ kind: 1, id_categ_id: null, acquisto_row: { importo_totale: '35.00' } });
    expect(twin.note.note).toBe('Visita di controllo');
    expect(replayToFormData(rimbGemella, twin)).toEqual({ importo: '35.00', note: 'Visita di controllo' });

    const spese = await full(speseId);
    expect(spese).toMatchObject({
      kind: 1,
      id_categ_id: 1,
      acquisto_row: { importo_totale: '45.50' },
      beneficiario: null,
      relazione_parentale: null,
    });
    expect(spese.note.note).toBeNull();
    expect(replayToFormData(rimbSpese, spese)).toMatchObject({
      id_categ: 1,
      importo: '45.50',
      me_stesso: true,
    });
  });

  it('fills the column of existing requests from their kind (migration 150)', async () => {
    const migration = listMigrations().find((m) => m.version === '150');
    expect(migration?.name).toBe('150-request-form.sql');
    const byKind = new Map<number, Set<string | null>>();
    await t.db
      .transaction()
      .execute(async (trx) => {
        // The table as it was before the migration, then the migration itself.
        // CASCADE: the queue counts' trigger (165) names the column; all of it is rolled back below.
        await sql`ALTER TABLE purchases DROP COLUMN form_route CASCADE`.execute(trx);
        await sql.raw(migration!.sql).execute(trx);
        const rows = await trx.selectFrom('purchases').select(['kind', 'form_route']).execute();
        for (const row of rows) byKind.set(row.kind, (byKind.get(row.kind) ?? new Set()).add(row.form_route));
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(Object.fromEntries([...byKind].map(([kind, routes]) => [kind, [...routes]]))).toMatchObject({
      1: ['rimb-spese'],
      2: [null],
      3: ['rimb-interessi'],
      4: ['conv-ondemand'],
      5: [null],
      6: [null],
      7: ['conv-previdenza-integrativa'],
      13: ['rimb-bollette'],
      14: ['rimb-aff-mutui'],
    });
    // Undone: the stored names are back.
    expect((await formRoute(twinId)).form_route).toBe('rimb-gemella');
  });

  it('resolves a purchase that names no form by its kind (older rows, an operator debit)', async () => {
    const { purchase } = await debitPurchase(t.db, {
      userId: marioId,
      kind: 1,
      amountCents: 1000,
      source: 'totale',
      oggetto: 'Rimborso',
      soggetto: 'Operatore',
      payload: { origine: 'admin' },
    });
    expect(purchase.form_route).toBeNull();
    expect(await replayRouteOfPurchase(purchase.id)).toBe('rimb-spese');
    expect(await full(purchase.id)).toMatchObject({
      kind: 1,
      id_categ_id: null,
      acquisto_row: { importo_totale: '10.00' },
    });

    // The twin's request as an older row would be: by kind it is rimb-spese's, read through its map.
    await t.db.updateTable('purchases').set({ form_route: null }).where('id', '=', twinId).execute();
    expect(await replayRouteOfPurchase(twinId)).toBe('rimb-spese');
    const old = await full(twinId);
    expect(old).toMatchObject({ kind: 1, id_categ_id: 1, acquisto_row: { importo_totale: '35.00' } });
    expect(old.note.note).toBeNull();
  });

  it('answers nothing but the row for a stored form that is not declared', async () => {
    await t.db
      .updateTable('purchases')
      .set({ form_route: 'rimb-ritirato' })
      .where('id', '=', speseId)
      .execute();
    expect(await full(speseId)).toMatchObject({
      kind: 1,
      id_categ_id: null,
      acquisto_row: { importo_totale: '45.50' },
      beneficiario: null,
    });
    // The history names it all the same: a portal that does not know the form offers no replay.
    expect(await replayRouteOfPurchase(speseId)).toBe('rimb-ritirato');
  });
});
