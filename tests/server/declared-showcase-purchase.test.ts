/**
 * A showcase with a purchasable item declared only in the test (issue 25, what an installation's overlay
 * adds): the grid of tests/fixtures/showcases/declared-prova.ts, a purchase of its own naming the grid's
 * route, the supplier's codes loaded the way an operator loads them. The item read from the generated
 * grid call is bought at `POST /api/crea_acquisto/<name>`: 201, the art. 51 c.3 credit drops by the
 * catalogue's price through the ledger, the code is the buyer's; a user of another profile gets 403 from
 * both calls and nothing is debited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGrants, profileGrants } from '../../config/permissions';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { literal } from '../../config/texts';
import { balances } from '../../src/server/services/ledger';
import { createSession } from '../../src/server/services/sessions';
import { loadVoucherCodes } from '../../src/server/services/voucher-stock';
import { declaredProvaRoutes, vetrinaDichiarata } from '../fixtures/showcases/declared-prova';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const buonoDichiarato = {
  name: 'buono-dichiarato',
  route_name: vetrinaDichiarata.route_name,
  title: literal('Buono della vetrina dichiarata'),
  balance: 'art51c3',
  amount: { kind: 'product', catalogue: 'aml', field: 'product_code' },
  body: {},
  ticks: [],
  movement: { kind: 5, oggetto: literal('Buono della vetrina dichiarata') },
  texts: { overCredit: 'formAmountOverCreditArt51c3', success: 'formVoucherSuccess' },
  after: { kind: 'menu' },
  delivers: { kind: 'code', howTo: 'formVoucherHowTo' },
} as const satisfies PurchaseDeclaration;

const grants = {
  profiles: {
    ...profileGrants,
    ref_aziendale: {
      ...profileGrants.ref_aziendale,
      remove: [...(profileGrants.ref_aziendale.remove ?? []), ...Object.keys(declaredProvaRoutes)],
    },
  },
  customers: customerGrants,
};

type Products = { results: { Name: string; Price: string; ProductCode: string }[] };

describe.each(backends)('a showcase purchase declared only in the test (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let marioId: number;
  let referent: string;
  let referentId: number;
  let retailer: number;
  let keys = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      extraRouteRules: declaredProvaRoutes,
      grants,
      extraShowcases: [vetrinaDichiarata],
      extraPurchases: [buonoDichiarato],
    });
    mario = await t.login('mario.rossi@example.com');
    marioId = Number(
      (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'mario.rossi@example.com')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const other = await createTestUser(t.db);
    await t.db
      .updateTable('users')
      .set({ profile: 'ref_aziendale' })
      .where('id', '=', other.userId)
      .execute();
    referent = await createSession(t.db, other.email);
    referentId = other.userId;
    retailer = Number(
      (
        await t.db
          .selectFrom('aml_retailers')
          .select('id')
          .where('name', '=', 'Supermercato Fresco')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => t?.close());

  const buy = (token: string, productCode: string) =>
    t.request({
      method: 'POST',
      url: `/api/crea_acquisto/${buonoDichiarato.name}`,
      token,
      payload: { product_code: productCode },
      headers: { 'idempotency-key': `dichiarato-${++keys}-${Math.random().toString(36).slice(2)}` },
    });

  it('sells the grid item: the credit drops by its price, the loaded code is the buyer’s', async () => {
    const grid = await t.request({
      method: 'GET',
      url: `/api/prova_dichiarata/${retailer}/buoni`,
      token: mario,
    });
    expect(grid.statusCode, grid.body).toBe(200);
    const item = json<Products>(grid).results[0]!;
    const loaded = await loadVoucherCodes(
      t.db,
      `acquisto,prodotto,codice\n${buonoDichiarato.name},${item.ProductCode},DICHIARATO-0001\n`,
      'codici.csv',
      { purchases: [buonoDichiarato] },
    );
    expect(loaded.loaded).toBe(1);

    const before = await balances(t.db, marioId);
    const bought = await buy(mario, item.ProductCode);
    expect(bought.statusCode, bought.body).toBe(201);
    const purchaseId = json<{ id_acquisto: number }>(bought).id_acquisto;
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(Math.round(Number(item.Price) * 100));

    const detail = await t.request({
      method: 'GET',
      url: `/api/dettaglio_acquisto/${purchaseId}`,
      token: mario,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(json<{ codice: string }>(detail).codice).toBe('DICHIARATO-0001');
  });

  it('refuses the user of another profile: 403 from the grid and from the purchase, nothing debited', async () => {
    const grid = await t.request({
      method: 'GET',
      url: `/api/prova_dichiarata/${retailer}/buoni`,
      token: referent,
    });
    expect(grid.statusCode).toBe(403);
    const before = await balances(t.db, referentId);
    const bought = await buy(referent, 'QUALSIASI');
    expect(bought.statusCode).toBe(403);
    expect(await balances(t.db, referentId)).toEqual(before);
  });
});
