/**
 * The movement history (route dashmovimenti, spec 000 §2 "Movement history", §3, §7, §8, §9) end to
 * end as mario.rossi@example.com of acme: balance card, monthly chart, filtered and paged table with
 * its totals, the .xlsx download, the credit-status and cancelled-purchases modals, replay links and
 * the prefilled forms they open, the empty period, Rome times in a browser of another zone,
 * accessibility and screenshots.
 *
 * Every figure on the screen is compared with the API asked the same question (through the page's
 * request context, with the session's token) and, where the seed fixes it, with the seed's own
 * number (mario ends with 1.500,00 € of which 800,00 € art. 51 c.3; one rejected purchase, the gym
 * subscription of 75,00 €). Instants are checked on Rome's wall clock, in a Rome browser (and once
 * in a Tokyo one).
 *
 * One server and one browser for the file, a context (a new session) per test. The tests that add
 * data for mario (an expiring credit line, removed afterwards; rejected purchases 20 months ago, out
 * of every period the other tests look at) come last.
 */
import type { Page, Response } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages as account } from '../../config/messages-account.it';
import { tableMessages } from '../../config/messages-tables.it';
import { forms } from '../../config/forms';
import { routes } from '../../config/routes';
import { debitPurchase, rejectPurchase } from '../../src/server/services/ledger';
import { settle } from './auth-helpers';
import { answerFormModals } from './form-driver';
import { axeViolations, screenshotDir, usePortal } from './harness';
import {
  addDays,
  apiGet,
  calendarDay,
  cellCents,
  cellDateTime,
  cellTexts,
  cents,
  chartMonth,
  euro,
  monthStart,
  queryOf,
  readDownload,
  romeDateTime,
  romeDay,
  RomeContexts,
  KIND_LABELS,
  squash,
  textNow,
  wire,
  type Category,
  type HistoryAnswer,
  type Movement,
  type PurchaseFull,
  type Query,
} from './movements-helpers';
import { formatItalianCents } from '../../src/shared/money';

const MARIO = 'mario.rossi@example.com';
const HISTORY = '/api/get_storico_transazioni/utente';

/** Replay (000 §3): kinds 1, 3, 7, 13, 14, each towards its request form (001 §2). */
/** The movement kinds the request forms send (config/forms). */
const REQUEST_KINDS = new Set<number>(forms.map((form) => form.kind));

const REPLAY_ROUTES = {
  1: 'rimb-spese',
  3: 'rimb-interessi',
  7: 'conv-previdenza-integrativa',
  13: 'rimb-bollette',
  14: 'rimb-aff-mutui',
} as const;

const replayPath = (kind: keyof typeof REPLAY_ROUTES, id: number) =>
  routes[REPLAY_ROUTES[kind]].path.replace('{-$id_acq_replay}', String(id));

const portal = usePortal();
const { server, browser, signIn } = portal;
let marioId: number;
/** A session of mario for the oracle's API calls. */
let token: string;
/** Today in Rome, as the server counts days. */
let today: string;

const contexts = new RomeContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  const user = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', MARIO)
    .executeTakeFirstOrThrow();
  marioId = Number(user.id);
  token = await server.login(MARIO);
  today = romeDay();
});

afterEach(async () => {
  // A crash of the portal (an uncaught page error) fails the test that caused it.
  expect(await contexts.closeAll(), 'errori non gestiti nella pagina').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** A new session of mario in a new context (Rome zone, 1280 px unless told), and its page. */
async function marioPage(width = 1280, timezoneId?: string): Promise<Page> {
  const context = await contexts.context(width, timezoneId);
  await signIn(context, MARIO);
  return context.newPage();
}

const isHistoryPage = (r: Response) =>
  new URL(r.url()).pathname === HISTORY && r.request().method() === 'GET' && !queryOf(r.url()).download;

/** Opens the history with `search` (a query string) and returns the page's first answer. */
async function openHistory(page: Page, search = ''): Promise<HistoryAnswer> {
  const answer = page.waitForResponse(isHistoryPage);
  await page.goto(`${routes.dashmovimenti.path}${search}`);
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as HistoryAnswer;
}

/** The oracle: the history as the API answers it for mario. */
const history = (page: Page, query: Query) => apiGet<HistoryAnswer>(page.request, token, HISTORY, query);

/** Every movement of a period (one page of 500: mario has far fewer). */
async function allMovements(page: Page, query: Query): Promise<HistoryAnswer> {
  const answer = await history(page, { ...query, page_size: 500 });
  expect(answer.results.length).toBe(answer.count);
  return answer;
}

/** A table row as the screen must show it (date, kind, purchase, object, subject, AVERE, DARE, replay). */
function rowOf(m: Movement): string[] {
  const replay = m.id_acquisto !== null && m.id_kind in REPLAY_ROUTES;
  // A request sent from a form links to its page (issue 26).
  const requestRow = m.id_acquisto !== null && REQUEST_KINDS.has(m.id_kind);
  return [
    romeDateTime(m.created),
    KIND_LABELS[m.id_kind]!,
    m.id_acquisto === null ? '' : String(m.id_acquisto),
    m.oggetto.trim() === '' ? '*****' : m.oggetto,
    m.soggetto,
    m.AVERE === null ? '' : euro(m.AVERE),
    m.DARE === null ? '' : euro(m.DARE),
    (replay ? account.movReplay : '') + (requestRow ? tableMessages.myRequestsOpen : ''),
  ];
}

interface Shown {
  rows: string[][];
  totals: string[];
  chart: string[][];
  total: string;
}

/** What the history shows now: rows, totals row, the chart's figures and the pager's total. */
async function shown(page: Page): Promise<Shown> {
  return {
    rows: await cellTexts(page.getByTestId('movement-row')),
    totals: [await textNow(page.getByTestId('total-avere')), await textNow(page.getByTestId('total-dare'))],
    chart: await cellTexts(page.locator('[data-testid="chart-table"] tbody tr')),
    total: await textNow(page.getByTestId('pager-total')),
  };
}

function expected(answer: HistoryAnswer): Shown {
  return {
    rows: answer.results.map(rowOf),
    totals: [euro(answer.totals.AVERE), euro(answer.totals.DARE)],
    chart: answer.monthly.map((m) => [chartMonth(m.month), euro(m.AVERE), euro(m.DARE)]),
    total: `Totale: ${answer.count}`,
  };
}

/** Waits until the screen shows exactly what the API answered. */
async function expectShown(page: Page, answer: HistoryAnswer): Promise<void> {
  await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(expected(answer));
}

/**
 * The server's totals and months, recomputed here from the rows themselves: the API is an oracle
 * only if its own figures add up.
 */
function expectConsistent(all: HistoryAnswer): void {
  const sum = (side: 'AVERE' | 'DARE', rows: Movement[]) =>
    wire(rows.reduce((s, m) => s + cents(m[side]), 0));
  expect(all.totals).toEqual({ AVERE: sum('AVERE', all.results), DARE: sum('DARE', all.results) });
  for (const month of all.monthly) {
    const rows = all.results.filter((m) => romeDay(m.created).startsWith(month.month));
    expect(month, month.month).toEqual({
      month: month.month,
      AVERE: sum('AVERE', rows),
      DARE: sum('DARE', rows),
    });
  }
  // Every month of the period is listed, in order.
  const months: string[] = [];
  for (let m = monthStart(all.date_start); m <= all.date_stop; m = monthStart(m, 1))
    months.push(m.slice(0, 7));
  expect(all.monthly.map((m) => m.month)).toEqual(months);
}

/** The bars the chart draws (one rectangle per non-zero amount). */
const drawnBars = (page: Page) => page.locator('.recharts-bar-rectangle path').count();

const nonZeroBars = (answer: HistoryAnswer) =>
  answer.monthly.reduce((n, m) => n + (cents(m.AVERE) > 0 ? 1 : 0) + (cents(m.DARE) > 0 ? 1 : 0), 0);

async function shot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

// ---------------------------------------------------------------------------------------------

describe('balances, chart and table', () => {
  it('shows the credit of credito_utente, the chart and the table of the default period', async () => {
    const page = await marioPage();
    const credit = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/pdoppiaapi/credito_utente',
    );
    const first = await openHistory(page);
    // Entering asks for the credit again (spec 000 §2).
    const crediti = ((await (await credit).json()) as { crediti: { totale: string; art51c3: string } })
      .crediti;
    expect(crediti).toMatchObject({ totale: '1500.00', art51c3: '800.00' });
    await expect
      .poll(async () => [
        await textNow(page.getByTestId('credit-total')),
        await textNow(page.getByTestId('credit-art51c3')),
      ])
      .toEqual(['1.500,00 €', '800,00 €']);

    // The default period: the last 12 calendar months, through today.
    expect(first.date_stop).toBe(today);
    expect(first.date_start).toBe(monthStart(today, -11));
    const all = await allMovements(page, { date_start: first.date_start, date_stop: first.date_stop });
    expectConsistent(all);
    expect(first.results.map((m) => m.id)).toEqual(all.results.slice(0, 25).map((m) => m.id));
    expect(all.count).toBeGreaterThan(10);
    await expectShown(page, first);
    expect(await page.getByTestId('movement-skeleton').count()).toBe(0);
    // The table's caption says the period, DD-MM-YYYY.
    await page
      .locator('caption', {
        hasText: `Movimenti dal ${first.date_start.split('-').reverse().join('-')} al ${today.split('-').reverse().join('-')}`,
      })
      .waitFor({ state: 'attached' });
    // The chart draws a bar per non-zero amount, a tick per month.
    await expect.poll(() => drawnBars(page)).toBe(nonZeroBars(first));
    expect(nonZeroBars(first)).toBeGreaterThan(5);
  });
});

describe('time zone', () => {
  it('shows the times on Rome’s wall clock in a browser of another zone, as the .xlsx does', async () => {
    const page = await marioPage(1280, 'Asia/Tokyo');
    const answer = await openHistory(page);
    // The rows' dates are Rome's (rowOf), not the browser's, which is 7 or 8 hours ahead.
    await expectShown(page, answer);
    const browserClock = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
          new Date(iso),
        ),
      answer.results[0]!.created,
    );
    expect(romeDateTime(answer.results[0]!.created).slice(11, 16)).not.toBe(browserClock);
  });
});

describe('filters', () => {
  it('a start day picked in the calendar changes rows, totals and chart as the API does', async () => {
    const page = await marioPage();
    const wide = await allMovements(page, { date_start: monthStart(today, -11), date_stop: today });
    // A movement with a day after it in the same month, and later movements: the period starting
    // that next day loses it and keeps the later ones.
    const newest = romeDay(wide.results[0]!.created);
    const mark = wide.results.find((m) => {
      const day = romeDay(m.created);
      return Number(day.slice(8, 10)) < 28 && addDays(day, 1) < newest;
    })!;
    const markDay = romeDay(mark.created);
    const from = monthStart(markDay);
    const before = await openHistory(page, `?date_start=${from}&date_stop=${today}`);
    await expectShown(page, before);
    expect(before.results.map((m) => m.id)).toContain(mark.id);

    const next = addDays(markDay, 1);
    const answer = page.waitForResponse((r) => isHistoryPage(r) && queryOf(r.url()).date_start === next);
    // The start filter's calendar opens on its month, weeks from Monday (lun first).
    await page.getByRole('button', { name: account.movDateStart, exact: true }).click();
    // The dropdown opens a moment after the click: its weekdays are polled.
    const weekdays = async () =>
      (await page.locator('[data-dates-dropdown] thead th').allTextContents()).map((d) =>
        d.trim().toLowerCase(),
      );
    await expect.poll(weekdays).toEqual(['lu', 'ma', 'me', 'gi', 've', 'sa', 'do']);
    await page.getByRole('button', { name: calendarDay(next), exact: true }).click();
    const after = (await (await answer).json()) as HistoryAnswer;
    await page.waitForURL((url) => url.searchParams.get('date_start') === next);

    const oracle = await history(page, { date_start: next, date_stop: today, page: 1, page_size: 25 });
    expect(after).toEqual(oracle);
    expect(after.count).toBeLessThan(before.count);
    expect(after.results.map((m) => m.id)).not.toContain(mark.id);
    expect(after.totals).not.toEqual(before.totals);
    await expectShown(page, after);
    // The input shows the new day, DD-MM-YYYY.
    expect(
      squash(await page.getByRole('button', { name: account.movDateStart, exact: true }).textContent()),
    ).toContain(next.split('-').reverse().join('-'));
    // The chart follows: from the month of the mark, every month to today.
    expect(after.monthly[0]!.month).toBe(next.slice(0, 7));
    await expect.poll(() => drawnBars(page)).toBe(nonZeroBars(after));
  });

  it('the text search narrows rows, totals and chart to the gym subscription and its refund', async () => {
    const page = await marioPage();
    const period = `date_start=${monthStart(today, -23)}&date_stop=${today}`;
    const before = await openHistory(page, `?${period}`);
    await expectShown(page, before);

    const answer = page.waitForResponse((r) => isHistoryPage(r) && queryOf(r.url()).search === 'palestra');
    await page.getByRole('searchbox', { name: account.search }).fill('palestra');
    const after = (await (await answer).json()) as HistoryAnswer;
    await page.waitForURL((url) => url.searchParams.get('search') === 'palestra');
    // The seed's rejected gym subscription: the request (DARE) and its refund (AVERE), 75,00 € each.
    expect(after.count).toBe(2);
    expect(after.totals).toEqual({ AVERE: '75.00', DARE: '75.00' });
    expect(after.results.map((m) => [m.id_kind, m.AVERE, m.DARE])).toEqual([
      [6, '75.00', null],
      [6, null, '75.00'],
    ]);
    expect(after).toEqual(
      await history(page, {
        date_start: monthStart(today, -23),
        date_stop: today,
        search: 'palestra',
        page: 1,
        page_size: 25,
      }),
    );
    await expectShown(page, after);
    expect(await shown(page).then((s) => s.totals)).toEqual(['75,00 €', '75,00 €']);
    // A bar for each of the two rows, in the month of its own Rome day: the refund comes a week after
    // the request, so in the same month or the next one depending on the day the demo was seeded.
    await expect.poll(() => drawnBars(page)).toBe(2);
    const rowMonths = [...new Set(after.results.map((m) => romeDay(m.created).slice(0, 7)))].sort();
    expect(after.monthly.filter((m) => m.AVERE !== '0.00' || m.DARE !== '0.00').map((m) => m.month)).toEqual(
      rowMonths,
    );
    expectConsistent(after);

    // Case and the subject count too: "GARDALAND" finds the amusement park tickets by their soggetto.
    const park = page.waitForResponse((r) => isHistoryPage(r) && queryOf(r.url()).search === 'GARDALAND');
    await page.getByRole('searchbox', { name: account.search }).fill('GARDALAND');
    const parkAnswer = (await (await park).json()) as HistoryAnswer;
    expect(parkAnswer.results.map((m) => [m.soggetto, m.DARE])).toEqual([['Gardaland', '120.00']]);
    await expectShown(page, parkAnswer);
  });
});

describe('paging', () => {
  it('shows 10 rows a page when asked, and page 2 holds the next ones', async () => {
    const page = await marioPage();
    const first = await openHistory(page);
    const all = await allMovements(page, { date_start: first.date_start, date_stop: first.date_stop });
    expect(all.count).toBeGreaterThan(10);
    expect(all.count).toBeLessThanOrEqual(25);
    // 25 a page by default: one page, no pagination.
    await expectShown(page, first);
    expect(await page.getByRole('navigation', { name: tableMessages.tablePages }).count()).toBe(0);

    const ten = page.waitForResponse((r) => isHistoryPage(r) && queryOf(r.url()).page_size === '10');
    await page.getByRole('combobox', { name: account.movPageSize }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    const pageOne = (await (await ten).json()) as HistoryAnswer;
    expect(pageOne.results.map((m) => m.id)).toEqual(all.results.slice(0, 10).map((m) => m.id));
    await expectShown(page, pageOne);

    const second = page.waitForResponse((r) => isHistoryPage(r) && queryOf(r.url()).page === '2');
    await page.getByRole('button', { name: 'Pagina 2', exact: true }).click();
    const pageTwo = (await (await second).json()) as HistoryAnswer;
    expect(queryOf((await second).url()).page_size).toBe('10');
    expect(pageTwo.results.map((m) => m.id)).toEqual(all.results.slice(10, 20).map((m) => m.id));
    expect(pageTwo.results.map((m) => m.id).some((id) => pageOne.results.some((m) => m.id === id))).toBe(
      false,
    );
    await expectShown(page, pageTwo);
    // The totals are the period's, whatever the page.
    expect(pageTwo.totals).toEqual(all.totals);
  });
});

describe('download', () => {
  it('downloads the filtered movements as an .xlsx whose rows are the screen’s and the API’s', async () => {
    const page = await marioPage();
    const query = { date_start: monthStart(today, -11), date_stop: today, search: 'a' };
    const first = await openHistory(page, `?${new URLSearchParams(query).toString()}`);
    await expectShown(page, first);
    const all = await allMovements(page, query);
    expect(all.count).toBeGreaterThan(5);

    // The button stays disabled while the file is being made.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === HISTORY && url.searchParams.get('download') === 'true',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const button = page.getByRole('button', { name: account.movDownload });
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('download') === 'true');
    const download = page.waitForEvent('download');
    await button.click();
    const request = await asked;
    expect(queryOf(request.url())).toEqual({ ...query, download: 'true' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    release();
    const file = await download;
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(file.suggestedFilename()).toBe(`movimenti_utente_${query.date_start}_${query.date_stop}.xlsx`);

    const sheet = await readDownload(file);
    expect(sheet.name).toBe('Movimenti');
    expect(sheet.header).toEqual([
      'Tipo',
      'Id acquisto',
      'Stato',
      'Oggetto',
      'Soggetto',
      'Data',
      'Avere',
      'Dare',
    ]);
    // Dates are date cells shown DD-MM-YYYY HH:mm:ss, amounts numbers with two decimals.
    expect(sheet.formats[5]).toBe('dd-mm-yyyy hh:mm:ss');
    expect([sheet.formats[6], sheet.formats[7]]).toEqual(['#,##0.00', '#,##0.00']);
    expect(sheet.rows).toHaveLength(all.count);
    const fileRows = sheet.rows.map((r) => [
      r[0],
      r[1],
      r[3],
      r[4],
      cellDateTime(r[5] ?? null),
      cellCents(r[6] ?? null),
      cellCents(r[7] ?? null),
    ]);
    expect(fileRows).toEqual(
      all.results.map((m) => [
        KIND_LABELS[m.id_kind],
        m.id_acquisto,
        m.oggetto,
        m.soggetto,
        romeDateTime(m.created),
        m.AVERE === null ? null : cents(m.AVERE),
        m.DARE === null ? null : cents(m.DARE),
      ]),
    );
    for (const r of sheet.rows) {
      for (const amount of [r[6], r[7]]) if (amount !== null) expect(typeof amount).toBe('number');
    }
    // The screen's first page is the file's first rows, cell by cell.
    const screen = await cellTexts(page.getByTestId('movement-row'));
    expect(screen.map((cells) => cells.slice(0, 7))).toEqual(
      sheet.rows
        .slice(0, screen.length)
        .map((r) => [
          cellDateTime(r[5] ?? null),
          String(r[0]),
          r[1] === null ? '' : String(r[1]),
          String(r[3]),
          String(r[4]),
          r[6] === null ? '' : euro(wire(cellCents(r[6] ?? null)!)),
          r[7] === null ? '' : euro(wire(cellCents(r[7] ?? null)!)),
        ]),
    );
  });
});

describe('replay', () => {
  it('offers replay on kinds 1, 3, 7, 13 and 14 only, and opens the form with the purchase id', async () => {
    const page = await marioPage();
    const search = `?date_start=${addDays(today, -400)}&date_stop=${today}`;
    const answer = await openHistory(page, search);
    expect(answer.count).toBeLessThanOrEqual(25);
    await expectShown(page, answer);

    const rows = page.getByTestId('movement-row');
    const seen = { replay: new Set<number>(), plain: new Set<number>() };
    for (const [i, m] of answer.results.entries()) {
      const buttons = rows.nth(i).getByTestId('movement-replay');
      if (m.id_acquisto !== null && m.id_kind in REPLAY_ROUTES) {
        seen.replay.add(m.id_kind);
        expect(await buttons.count(), `riga ${m.id}`).toBe(1);
        expect(await buttons.getAttribute('href')).toBe(
          replayPath(m.id_kind as keyof typeof REPLAY_ROUTES, m.id_acquisto),
        );
        expect(await buttons.getAttribute('aria-label')).toBe(`Ripeti la richiesta ${m.id_acquisto}`);
      } else {
        seen.plain.add(m.id_kind);
        expect(await buttons.count(), `riga ${m.id}`).toBe(0);
      }
    }
    // The seed's year has every replayable kind and several others.
    expect([...seen.replay].sort((a, b) => a - b)).toEqual([1, 3, 7, 13, 14]);
    expect(seen.plain.size).toBeGreaterThanOrEqual(5);

    // A click opens the form route in the portal, with id_acq_replay in the path.
    const pension = answer.results.find((m) => m.id_kind === 7)!;
    const index = answer.results.indexOf(pension);
    await rows.nth(index).getByTestId('movement-replay').click();
    await page.waitForURL((url) => url.pathname === replayPath(7, pension.id_acquisto!));
  });

  it('replay opens the request form prefilled: the amount, and the category of an expense', async () => {
    const page = await marioPage();
    const search = `?date_start=${addDays(today, -400)}&date_stop=${today}`;
    const answer = await openHistory(page, search);
    await expectShown(page, answer);

    for (const kind of [1, 7] as const) {
      // The latest request of the kind (its debit: the amount the form asks for).
      const movement = answer.results.find(
        (m) => m.id_kind === kind && m.id_acquisto !== null && m.DARE !== null,
      );
      if (!movement) throw new Error(`nessun movimento di tipo ${kind} da ripetere nel seed`);
      const id = movement.id_acquisto!;
      const purchase = await apiGet<PurchaseFull>(page.request, token, `/api/get_acquisto_full/${id}`);
      expect(purchase.kind).toBe(kind);
      expect(purchase.acquisto_row.importo_totale).toBe(movement.DARE);

      if (new URL(page.url()).pathname !== routes.dashmovimenti.path) await openHistory(page, search);
      const row = page.getByTestId('movement-row').nth(answer.results.indexOf(movement));
      await row.getByTestId('movement-replay').click();
      await page.waitForURL((url) => url.pathname === replayPath(kind, id));
      await answerFormModals(page);

      // The amount of the row, two decimals, the Italian way ("1.234,50", issue 28).
      const amount = page.getByRole('textbox', { name: /Importo/ });
      await expect
        .poll(() => amount.inputValue(), { timeout: 10_000 })
        .toBe(formatItalianCents(cents(movement.DARE)));
      if (kind === 1) {
        // The purchase's category, by its name among the expense categories.
        expect(purchase.id_categ_id).not.toBeNull();
        const categories = await apiGet<Category[]>(page.request, token, '/api/categorie/1');
        const category = categories.find((c) => c.id === purchase.id_categ_id);
        if (!category) throw new Error(`categoria ${purchase.id_categ_id} assente da categorie/1`);
        await expect
          .poll(() => page.getByRole('combobox', { name: /^Categoria/ }).inputValue())
          .toBe(category.nome);
      }
    }
  });
});

describe('empty period', () => {
  it('shows the empty state, not an empty grid, and nothing to download', async () => {
    const page = await marioPage();
    const answer = await openHistory(page, '?date_start=2001-01-01&date_stop=2001-12-31');
    expect(answer.count).toBe(0);
    const empty = page.getByTestId('movements-empty');
    await empty.waitFor();
    await empty.getByText(account.movEmpty, { exact: true }).waitFor();
    await empty.getByText(account.movEmptyHelp, { exact: true }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByTestId('movement-row').count()).toBe(0);
    expect(await page.getByTestId('movement-totals').count()).toBe(0);
    expect(await page.locator('.recharts-wrapper').count()).toBe(0);
    expect(await page.getByRole('button', { name: account.movDownload }).isDisabled()).toBe(true);
  });
});

describe('accessibility and screenshots', () => {
  it('has no axe violations on the history and its two modals, at 360 and 1280 px', async () => {
    const violations: Record<string, string[]> = {};
    for (const width of [360, 1280]) {
      const page = await marioPage(width);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const answer = await openHistory(page);
      await expectShown(page, answer);
      await expect.poll(() => drawnBars(page)).toBe(nonZeroBars(answer));
      // The drawing takes no keyboard stop (its figures are in the hidden table).
      expect(
        await page
          .locator(
            '.recharts-wrapper [tabindex]:not([tabindex^="-"]), .recharts-wrapper [role="application"]',
          )
          .count(),
      ).toBe(0);
      violations[`history-${width}`] = await axeViolations(page);
      await shot(page, `movements-mario-${width}`);

      await page.getByRole('button', { name: account.movCreditStatus }).click();
      const status = page.getByRole('dialog', { name: account.movCreditStatus });
      await status.getByTestId('credit-line').first().waitFor();
      await settle(page);
      violations[`credit-status-${width}`] = await axeViolations(page);
      await shot(page, `movements-credit-status-${width}`);
      // The table scrolls in a named region the keyboard reaches.
      expect(
        await status.getByRole('region', { name: account.movCreditStatus }).getAttribute('tabindex'),
      ).toBe('0');
      await status.getByRole('button', { name: account.close, exact: true }).click();
      await status.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: account.movCancelled }).click();
      const cancelled = page.getByRole('dialog', { name: account.movCancelled });
      await cancelled.getByTestId('cancelled-row').first().waitFor();
      await settle(page);
      violations[`cancelled-${width}`] = await axeViolations(page);
      await shot(page, `movements-cancelled-${width}`);
      expect(
        await cancelled.getByRole('region', { name: account.movCancelled }).getAttribute('tabindex'),
      ).toBe('0');
      // The modal's × has an Italian name, and closes it.
      await cancelled.getByRole('button', { name: account.modalCloseLabel, exact: true }).click();
      await cancelled.waitFor({ state: 'detached' });

      await openHistory(page, '?date_start=2001-01-01&date_stop=2001-12-31');
      await page.getByTestId('movements-empty').waitFor();
      violations[`empty-${width}`] = await axeViolations(page);
    }
    expect(violations).toEqual({
      'history-360': [],
      'credit-status-360': [],
      'cancelled-360': [],
      'empty-360': [],
      'history-1280': [],
      'credit-status-1280': [],
      'cancelled-1280': [],
      'empty-1280': [],
    });
  });
});

// The tests below add data for mario: they come last.

interface CreditLine {
  id: number;
  data_decorrenza: string;
  data_scadenza: string;
  fonte: { id: number; nome: string };
  stato: 'attiva' | 'scaduta' | 'futura';
  credito_iniziale: string;
  credito_spendibile: string;
  credito_contabile: string;
}

const STATE_LABELS = {
  attiva: tableMessages.creditLineActive,
  scaduta: tableMessages.tableExpired,
  futura: tableMessages.creditLineFuture,
} as const;

const creditRowOf = (line: CreditLine, expiring: boolean) => [
  line.data_decorrenza.split('-').reverse().join('-'),
  // The badge follows the date in the same cell (textContent: no space between them).
  line.data_scadenza.split('-').reverse().join('-') + (expiring ? account.movCreditExpiring : ''),
  STATE_LABELS[line.stato],
  line.fonte.nome,
  euro(line.credito_iniziale),
  euro(line.credito_spendibile),
  euro(line.credito_contabile),
];

async function openCreditStatus(page: Page): Promise<{ lines: CreditLine[] }> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/crediti_lista');
  await page.getByRole('button', { name: account.movCreditStatus }).click();
  const lines = (await (await answer).json()) as CreditLine[];
  await page
    .getByRole('dialog', { name: account.movCreditStatus })
    .getByTestId('credit-line')
    .first()
    .waitFor();
  return { lines };
}

describe('credit-status modal', () => {
  it('lists the credit lines; none of the seed expires within 10 days, a line that does is marked', async () => {
    const page = await marioPage();
    await openHistory(page);
    const { lines } = await openCreditStatus(page);
    expect(lines).toEqual(await apiGet<CreditLine[]>(page.request, token, '/api/crediti_lista'));
    const dialog = page.getByRole('dialog', { name: account.movCreditStatus });
    // The seed's four lines, the latest first: the performance bonus, art. 51 c.3, CCNL, last year's.
    // Last year's line has expired: nothing spendable (its unused 50.00 stays accounted), so the
    // spendable column adds up to the balance.
    expect(
      lines.map((l) => [l.fonte.id, l.stato, l.credito_iniziale, l.credito_spendibile, l.credito_contabile]),
    ).toEqual([
      [4, 'attiva', '1000.00', '700.00', '880.00'],
      [7, 'attiva', '1200.00', '800.00', '930.00'],
      [1, 'attiva', '1000.00', '0.00', '250.00'],
      [2, 'scaduta', '300.00', '0.00', '50.00'],
    ]);
    const balance = await apiGet<{ crediti: { totale: string } }>(
      page.request,
      token,
      '/api/get_user_credit_info',
    );
    const spendable = lines.reduce((sum, l) => sum + Math.round(Number(l.credito_spendibile) * 100), 0);
    expect(spendable).toBe(Math.round(Number(balance.crediti.totale) * 100));
    expect(await cellTexts(dialog.getByTestId('credit-line'))).toEqual(
      lines.map((l) => creditRowOf(l, false)),
    );
    // The expired line is greyed apart from the others, and says «Scaduto».
    const flags = await dialog
      .getByTestId('credit-line')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-expired')));
    expect(flags).toEqual(lines.map((l) => String(l.stato === 'scaduta')));
    // No seeded line expires within 10 days (the nearest is 6 months away; last year's has expired).
    expect(await dialog.locator('[data-expiring="true"]').count()).toBe(0);
    expect(await dialog.getByText(account.movCreditExpiring, { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: account.close, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // A line expiring in 5 days (test data, removed afterwards) is marked «In scadenza» and tinted.
    const inserted = await server.app.db
      .insertInto('credit_lines')
      .values({
        user_id: marioId,
        fonte: 3,
        is_art51c3: false,
        data_decorrenza: addDays(today, -30),
        data_scadenza: addDays(today, 5),
        credito_iniziale: 2500,
        credito_spendibile: 2500,
        credito_contabile: 2500,
        rif_esterno: 'e2e-expiring',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const reopened = await openCreditStatus(page);
      expect(reopened.lines).toHaveLength(5);
      const rows = dialog.getByTestId('credit-line');
      const flags = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-expiring')));
      expect(flags).toEqual(reopened.lines.map((l) => String(l.id === Number(inserted.id))));
      const marked = dialog.locator('[data-expiring="true"]');
      expect(await cellTexts(marked)).toEqual([
        creditRowOf(
          reopened.lines.find((l) => l.id === Number(inserted.id))!,
          true,
        ),
      ]);
      // Not by colour only: the text says it, and the row is tinted apart from the others.
      const background = (n: number) => rows.nth(n).evaluate((tr) => getComputedStyle(tr).backgroundColor);
      const markedIndex = flags.indexOf('true');
      const other = markedIndex === 0 ? 1 : 0;
      expect(await background(markedIndex)).not.toBe(await background(other));
    } finally {
      await server.app.db.deleteFrom('credit_lines').where('id', '=', inserted.id).execute();
    }
  });
});

describe('cancelled-purchases modal', () => {
  /** Extra rejected purchases for mario, 20 months ago (out of the periods above), one a minute. */
  const EXTRA = 55;

  beforeAll(async () => {
    const day = monthStart(today, -20);
    for (let i = 0; i < EXTRA; i++) {
      const at = new Date(Date.parse(`${day}T09:00:00Z`) + i * 60_000);
      const { purchase } = await debitPurchase(server.app.db, {
        userId: marioId,
        kind: 6,
        amountCents: 100 * ((i % 40) + 1),
        source: 'totale',
        oggetto: `Biglietto teatro ${i + 1}`,
        soggetto: 'Teatro alla Scala',
        payload: { e2e: true },
        at,
      });
      await rejectPurchase(server.app.db, purchase.id, { at, motivo: 'Annullato dal test' });
    }
  });

  interface CancelledPage {
    count: number;
    results: { kind: number; id: number; oggetto: string; created: string; importo_unitario: string }[];
  }

  const isCancelled = (r: Response) => new URL(r.url()).pathname === '/api/acquisti_annullati';

  it('pages on the server with sizes 10, 25, 50, 100 and 500', async () => {
    const page = await marioPage();
    await openHistory(page);
    const firstAnswer = page.waitForResponse(isCancelled);
    await page.getByRole('button', { name: account.movCancelled }).click();
    const first = await firstAnswer;
    expect(queryOf(first.url())).toEqual({ page: '1', page_size: '10' });
    const dialog = page.getByRole('dialog', { name: account.movCancelled });
    const rows = dialog.getByTestId('cancelled-row');
    const oracle = (p: number, size: number) =>
      apiGet<CancelledPage>(page.request, token, '/api/acquisti_annullati', { page: p, page_size: size });
    const rowsOf = (answer: CancelledPage) =>
      answer.results.map((c) => [
        KIND_LABELS[c.kind]!,
        String(c.id),
        c.oggetto,
        romeDateTime(c.created),
        euro(c.importo_unitario),
      ]);

    const pageOne = (await first.json()) as CancelledPage;
    const total = EXTRA + 1;
    expect(pageOne.count).toBe(total);
    expect(pageOne).toEqual(await oracle(1, 10));
    // The seed's rejected gym subscription is the latest; the test's come after it.
    expect(pageOne.results[0]).toMatchObject({
      kind: 6,
      oggetto: 'Abbonamento palestra',
      importo_unitario: '75.00',
    });
    await expect.poll(() => cellTexts(rows)).toEqual(rowsOf(pageOne));
    expect(squash(await dialog.getByTestId('pager-total').textContent())).toBe(`Totale: ${total}`);

    const two = page.waitForResponse((r) => isCancelled(r) && queryOf(r.url()).page === '2');
    await dialog.getByRole('button', { name: 'Pagina 2', exact: true }).click();
    const pageTwo = (await (await two).json()) as CancelledPage;
    expect(queryOf((await two).url())).toEqual({ page: '2', page_size: '10' });
    expect(pageTwo).toEqual(await oracle(2, 10));
    expect(pageTwo.results).toHaveLength(10);
    const ids = new Set(pageOne.results.map((c) => c.id));
    expect(pageTwo.results.filter((c) => ids.has(c.id))).toEqual([]);
    await expect.poll(() => cellTexts(rows)).toEqual(rowsOf(pageTwo));

    for (const size of [25, 50, 100, 500]) {
      const answer = page.waitForResponse(
        (r) => isCancelled(r) && queryOf(r.url()).page_size === String(size),
      );
      await dialog.getByRole('combobox', { name: tableMessages.tableRowsPerPage }).click();
      await dialog.getByRole('option', { name: String(size), exact: true }).click();
      const response = await answer;
      // A new size starts from page 1.
      expect(queryOf(response.url())).toEqual({ page: '1', page_size: String(size) });
      const body = (await response.json()) as CancelledPage;
      expect(body).toEqual(await oracle(1, size));
      expect(body.results).toHaveLength(Math.min(size, total));
      await expect.poll(() => cellTexts(rows), { timeout: 10_000 }).toEqual(rowsOf(body));
      const pages = Math.ceil(total / size);
      const nav = dialog.getByRole('navigation', { name: tableMessages.tablePages });
      expect(await nav.count(), `pagine con ${size}`).toBe(pages > 1 ? 1 : 0);
      if (pages > 1) {
        const last = page.waitForResponse((r) => isCancelled(r) && queryOf(r.url()).page === String(pages));
        await nav.getByRole('button', { name: `Pagina ${pages}`, exact: true }).click();
        const lastPage = (await (await last).json()) as CancelledPage;
        expect(lastPage.results).toHaveLength(total - size * (pages - 1));
        expect(lastPage.results.some((c) => body.results.some((b) => b.id === c.id))).toBe(false);
        await expect.poll(() => cellTexts(rows)).toEqual(rowsOf(lastPage));
      }
    }
    await dialog.getByRole('button', { name: account.close, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
