/**
 * Voucher code stocks (issue 24): with demo mode off a purchase that delivers a code hands out a code
 * the provider loaded, never one the portal invents. An empty stock refuses before any debit; a file of
 * codes is loaded whole or not at all (every problem by line); the code expiring first goes first; the
 * operator is warned once below the level; on PostgreSQL 20 buyers at once for 10 codes: 10 get distinct
 * codes, 10 are refused with nothing debited.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../config/purchases';
import { declaredText } from '../../src/server/messages';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { formatDate } from '../../src/shared/dates';
import { runAdmin } from '../../src/server/admin';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { addCredit, balances } from '../../src/server/services/ledger';
import { DEFAULT_LOW_STOCK, stockReport, stockedPurchases } from '../../src/server/services/voucher-stock';
import {
  backends,
  buildTestApp,
  createTestUser,
  json,
  NO_POSTGRES_REASON,
  TEST_DATABASE_URL,
  TEST_TICKET_SECRET,
  type TestApp,
} from './helpers';

const OPERATOR = 'operatori@provider.example.com';
const PURCHASE = 'buono-toduba';
const today = romeDate();

/** The app-voucher purchase by cuts: no catalogue needed, so it runs on a database without demo data. */
const purchase = purchases.find((p) => p.name === PURCHASE)!;

async function buyer(t: TestApp, euro = 100) {
  const user = await createTestUser(t.db);
  await addCredit(t.db, {
    userId: user.userId,
    amountCents: euro * 100,
    fonte: 7,
    isArt51c3: true,
    dataDecorrenza: addDays(today, -1),
    dataScadenza: addMonths(today, 6),
  });
  return { ...user, token: await t.login(user.email) };
}

let keys = 0;
const buy = (t: TestApp, token: string, importo = '25.00') =>
  t.request({
    method: 'POST',
    url: `/api/crea_acquisto/${PURCHASE}`,
    token,
    payload: { importo },
    headers: { 'idempotency-key': `stock-${++keys}-${Math.random().toString(36).slice(2)}` },
  });

async function operator(t: TestApp, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { db: t.db, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const count = async (t: TestApp, table: 'purchases' | 'voucher_codes' | 'delivered_codes' | 'movements') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the stocked purchases', () => {
  it('every purchase that delivers a code is bought by product or by amount, so it has stocks', () => {
    expect(stockedPurchases().length).toBeGreaterThan(0);
    for (const p of stockedPurchases()) expect(['product', 'cuts', 'fixed']).toContain(p.amount.kind);
    expect(stockedPurchases()).toContain(purchase);
  });
});

describe.each(backends)('voucher code stocks, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      demo: false,
      env: { TICKET_SECRET: TEST_TICKET_SECRET, SUPPORT_EMAIL: OPERATOR },
    });
    dir = mkdtempSync(join(tmpdir(), 'welfare-stock-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('an empty stock refuses the purchase with the Italian message, before any debit', async () => {
    const { userId, token } = await buyer(t);
    const before = await balances(t.db, userId);
    const response = await buy(t, token);
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toEqual({ importo: [formatFormMessage('formStockEmpty')] });
    expect(await balances(t.db, userId)).toEqual(before);
    expect(await count(t, 'purchases')).toBe(0);
    expect(await count(t, 'delivered_codes')).toBe(0);
  });

  it('a file with any wrong line is refused whole, every problem by its line, nothing loaded', async () => {
    const past = formatDate(addDays(today, -1));
    const bad = file(
      'bad.csv',
      [
        'acquisto;prodotto;codice;scadenza',
        `${PURCHASE};25,00;TDB-0001;`,
        `${PURCHASE};7.00;TDB-0002;`,
        `non-esiste;25.00;TDB-0003;`,
        `${PURCHASE};25.00;TDB-0001;`,
        `${PURCHASE};25.00;ab;`,
        `${PURCHASE};25.00;TDB-0004;${past}`,
        `${PURCHASE};25.00;TDB-0005;31-02-2027`,
      ].join('\n'),
    );
    const result = await operator(t, ['voucher-codes-load', bad]);
    expect(result.code).toBe(1);
    expect(result.err[0]).toContain('nessun codice è stato caricato');
    const lines = result.err.slice(1).join('\n');
    expect(lines).toMatch(/riga 3: prodotto "7\.00" non in vendita/);
    expect(lines).toMatch(/riga 4: acquisto "non-esiste" sconosciuto/);
    expect(lines).toMatch(/riga 5: codice ripetuto \(già alla riga 2\)/);
    expect(lines).toMatch(/riga 6: codice non valido/);
    expect(lines).toMatch(new RegExp(`riga 7: codice già scaduto il ${past}`));
    expect(lines).toMatch(/riga 8: scadenza non valida: 31-02-2027/);
    expect(lines).not.toMatch(/riga 2:/);
    expect(await count(t, 'voucher_codes')).toBe(0);

    const noColumns = await operator(t, ['voucher-codes-load', file('cols.csv', 'acquisto,codice\nx,y\n')]);
    expect(noColumns.code).toBe(1);
    expect(noColumns.err.join('\n')).toContain('colonne mancanti: prodotto');
    const binary = await operator(t, ['voucher-codes-load', file('bin.csv', '\u0000\u0001\u0002')]);
    expect(binary.code).toBe(1);
    expect(await count(t, 'voucher_codes')).toBe(0);
  });

  it('loads codes, hands out the one expiring first, warns the operator once, refuses when empty', async () => {
    const soon = addDays(today, 30);
    const later = addMonths(today, 12);
    const good = file(
      'codici.csv',
      [
        'acquisto,prodotto,codice,scadenza',
        `${PURCHASE},25.00,TDB-LATER-1,${later}`,
        `${PURCHASE},25,TDB-SOON-1,${formatDate(soon)}`,
        `${PURCHASE},50.00,TDB-FIFTY-1,`,
      ].join('\n'),
    );
    const loaded = await operator(t, ['voucher-codes-load', good]);
    expect(loaded.err).toEqual([]);
    expect(loaded.code).toBe(0);
    expect(loaded.out[0]).toBe('Caricati 3 codici.');
    // The same codes again are duplicates of the stock: refused, nothing added.
    const again = await operator(t, ['voucher-codes-load', good]);
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toMatch(/riga 2: codice già caricato/);
    expect(await count(t, 'voucher_codes')).toBe(3);

    const { userId, token } = await buyer(t);
    const first = await buy(t, token);
    expect(first.statusCode, first.body).toBe(201);
    const id = json<{ id_acquisto: number }>(first).id_acquisto;
    const detail = json<{ codice: string; istruzioni: string }>(
      await t.request({ method: 'GET', url: `/api/dettaglio_acquisto/${id}`, token }),
    );
    expect(detail.codice).toBe('TDB-SOON-1');
    expect(detail.istruzioni).toContain(`fino al ${formatDate(soon)}`);
    expect((await balances(t.db, userId)).art51c3).toBe(7500);

    // One code of 25.00 left, below the level: one mail to the operator, not one per purchase.
    const warnings = (product = '25.00') =>
      t.db
        .selectFrom('outbox')
        .select(['mail_to', 'subject', 'text'])
        .where('mail_to', '=', OPERATOR)
        .where('subject', 'like', `% ${product}`)
        .execute();
    expect(await warnings()).toHaveLength(1);
    expect((await warnings())[0]!.text).toContain(
      `restano 1 codici liberi per «${declaredText(purchase.title)}», prodotto 25.00`,
    );
    const second = await buy(t, token);
    expect(second.statusCode, second.body).toBe(201);
    expect(await warnings()).toHaveLength(1);

    // Empty: refused before the debit, the credit untouched.
    const before = await balances(t.db, userId);
    const third = await buy(t, token);
    expect(third.statusCode).toBe(400);
    expect(json(third)).toEqual({ importo: [formatFormMessage('formStockEmpty')] });
    expect(await balances(t.db, userId)).toEqual(before);
    // Another product's stock is its own.
    expect((await buy(t, token, '50.00')).statusCode).toBe(201);
    expect(await warnings('50.00')).toHaveLength(1);

    const stock = await operator(t, ['voucher-stock', '--low']);
    expect(stock.code).toBe(0);
    const row = stock.out.find((l) => l.startsWith(`${PURCHASE}  25.00`) || l.includes(' 25.00 '));
    expect(row).toMatch(/ESAURITA/);
    const report = await stockReport(t.db);
    expect(report.find((l) => l.acquisto === PURCHASE && l.prodotto === '25.00')).toMatchObject({
      free: 0,
      taken: 2,
      low: true,
      level: DEFAULT_LOW_STOCK,
    });
    // Every cut of every stocked purchase is listed, empty ones too: what the operator must load.
    expect(report.filter((l) => l.acquisto === PURCHASE)).toHaveLength(
      purchase.amount.kind === 'cuts' ? purchase.amount.cuts.length : 1,
    );

    // A load that lifts the stock above the level re-arms the warning.
    const refill = Array.from({ length: DEFAULT_LOW_STOCK + 1 }, (_, i) => `${PURCHASE},25.00,TDB-R-${i}`);
    const reloaded = await operator(t, [
      'voucher-codes-load',
      file('r.csv', ['acquisto,prodotto,codice', ...refill].join('\n')),
    ]);
    expect(reloaded.code).toBe(0);
    expect(
      await t.db.selectFrom('voucher_stock_alerts').selectAll().where('prodotto', '=', '25.00').execute(),
    ).toEqual([]);
    for (let i = 0; i < 2; i += 1) expect((await buy(t, (await buyer(t)).token)).statusCode).toBe(201);
    expect(await warnings()).toHaveLength(2);
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  `voucher code stocks under concurrency on PostgreSQL${TEST_DATABASE_URL ? '' : ` (${NO_POSTGRES_REASON})`}`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('postgres', { demo: false });
    });
    afterAll(async () => t?.close());

    it('20 buyers at once for 10 codes: 10 get distinct codes, 10 are refused with nothing debited', async () => {
      const codes = Array.from(
        { length: 10 },
        (_, i) => `${PURCHASE},25.00,RACE-${String(i).padStart(4, '0')}`,
      );
      const dir = mkdtempSync(join(tmpdir(), 'welfare-race-'));
      const path = join(dir, 'race.csv');
      writeFileSync(path, ['acquisto,prodotto,codice', ...codes].join('\n'));
      expect((await operator(t, ['voucher-codes-load', path])).code).toBe(0);
      rmSync(dir, { recursive: true, force: true });

      const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(t, 25)));
      const answers = await Promise.all(buyers.map((b) => buy(t, b.token)));
      const made = answers.filter((a) => a.statusCode === 201);
      const refused = answers.filter((a) => a.statusCode !== 201);
      expect(made).toHaveLength(10);
      expect(refused).toHaveLength(10);
      for (const r of refused) expect(json(r)).toEqual({ importo: [formatFormMessage('formStockEmpty')] });

      const delivered = await t.db.selectFrom('delivered_codes').select(['code', 'user_id']).execute();
      expect(delivered).toHaveLength(10);
      expect(new Set(delivered.map((d) => d.code)).size).toBe(10);
      const taken = await t.db
        .selectFrom('voucher_codes')
        .select(['code', 'purchase_id'])
        .where('purchase_id', 'is not', null)
        .execute();
      expect(taken.map((c) => c.code).sort()).toEqual(delivered.map((d) => d.code).sort());
      // The buyers who got a code paid 25.00; the others have all their credit.
      const paid = new Set(delivered.map((d) => d.user_id));
      for (const b of buyers) {
        expect((await balances(t.db, b.userId)).art51c3).toBe(paid.has(b.userId) ? 0 : 2500);
      }
      expect(await count(t, 'purchases')).toBe(10);
    });
  },
);
