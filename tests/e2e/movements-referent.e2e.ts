/**
 * The company movement history (route office-transactionsdash, spec 000 §2, §5 "Export dates", §6
 * "Company referent", §7) end to end as laura.bianchi@example.com, referent of Acme S.p.A. (her own
 * company, 300 seeded employees with a year of requests) and of Acme Servizi S.r.l. (60): the company
 * acted for (Act-For on every back-office call), its balances (saldo_aziendale, saldo_anticipi), the
 * company switcher, and the two downloads (monthly payroll transactions, residual user credit).
 *
 * Every figure is compared with the API asked the same question for the same company, and the API's
 * balances with the database (the advances account) and with the residual credit export.
 * Instants are checked in Europe/Rome, the zone of the test browser.
 */
import { sql } from 'kysely';
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages as account } from '../../config/messages-account.it';
import { formatMessage as formatApi } from '../../src/server/messages';
import { routes } from '../../config/routes';
import { settle } from './auth-helpers';
import { axeViolations, screenshotDir, usePortal } from './harness';
import {
  addDays,
  apiGet,
  calendarDay,
  cellCents,
  cellDateTime,
  cellTexts,
  cents,
  euro,
  monthStart,
  queryOf,
  readDownload,
  romeDateTime,
  romeDay,
  RomeContexts,
  KIND_LABELS,
  shownDay,
  squash,
  textNow,
  valueNow,
  type HistoryAnswer,
  type Movement,
  type Query,
} from './movements-helpers';

const LAURA = 'laura.bianchi@example.com';
const HISTORY = '/api/get_storico_transazioni/azienda';
const ADVANCES = '/api/get_status_conto_anticipi';
const OFFICE = routes['office-transactionsdash'].path;
const HOME = routes['home-refazi'].path;

interface Company {
  id: number;
  nome: string;
}

const portal = usePortal();
const { server, browser, signIn } = portal;
/** A session of laura for the oracle's API calls. */
let token: string;
let today: string;
let acme: Company;
let servizi: Company;

const contexts = new RomeContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  token = await server.login(LAURA);
  today = romeDay();
  const companies = await server.app.db
    .selectFrom('companies')
    .select(['id_azienda', 'nome'])
    .where('nome', 'in', ['Acme S.p.A.', 'Acme Servizi S.r.l.'])
    .execute();
  const byName = (nome: string) => {
    const found = companies.find((c) => c.nome === nome);
    if (!found) throw new Error(`azienda ${nome} mancante nel seed`);
    return { id: Number(found.id_azienda), nome };
  };
  acme = byName('Acme S.p.A.');
  servizi = byName('Acme Servizi S.r.l.');
});

afterEach(async () => {
  expect(await contexts.closeAll(), 'errori non gestiti nella pagina').toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function lauraPage(width = 1280): Promise<Page> {
  const context = await contexts.context(width);
  await signIn(context, LAURA);
  return context.newPage();
}

const pathOf = (url: string) => new URL(url).pathname;
const isHistoryPage = (r: { url(): string }) => pathOf(r.url()) === HISTORY;

/** The oracle: the company's history as the API answers it. */
const history = (page: Page, company: Company, query: Query = {}) =>
  apiGet<HistoryAnswer>(page.request, token, HISTORY, query, company.id);

const advances = (page: Page, company: Company) =>
  apiGet<{ saldo_anticipi: string }>(page.request, token, ADVANCES, {}, company.id);

/** Back-office calls of a page, with the Act-For each carried. */
function recordBackOffice(page: Page): { path: string; actFor: string | undefined }[] {
  const calls: { path: string; actFor: string | undefined }[] = [];
  page.on('request', (r: Request) => {
    const path = pathOf(r.url());
    if ([HISTORY, ADVANCES, '/api/aziende_referente'].includes(path) || path.startsWith('/api/export_'))
      calls.push({ path, actFor: r.headers()['act-for'] });
  });
  return calls;
}

/** A company table row as the screen must show it (no replay column in the company view). */
const rowOf = (m: Movement) => [
  romeDateTime(m.created),
  KIND_LABELS[m.id_kind]!,
  m.id_acquisto === null ? '' : String(m.id_acquisto),
  m.oggetto.trim() === '' ? '*****' : m.oggetto,
  m.soggetto,
  m.dipendente ?? '',
  m.AVERE === null ? '' : euro(m.AVERE),
  m.DARE === null ? '' : euro(m.DARE),
];

interface Shown {
  company: string;
  balances: string[];
  rows: string[][];
  totals: string[];
  total: string;
}

async function shown(page: Page): Promise<Shown> {
  return {
    company: await valueNow(page.getByRole('combobox', { name: account.profileCompany })),
    balances: [
      await textNow(page.getByTestId('company-balance')),
      await textNow(page.getByTestId('advances-balance')),
    ],
    rows: await cellTexts(page.getByTestId('movement-row')),
    totals: [await textNow(page.getByTestId('total-avere')), await textNow(page.getByTestId('total-dare'))],
    total: await textNow(page.getByTestId('pager-total')),
  };
}

async function expected(page: Page, company: Company): Promise<Shown> {
  const [answer, account_] = await Promise.all([history(page, company), advances(page, company)]);
  return {
    company: company.nome,
    balances: [euro(answer.saldo_aziendale), euro(account_.saldo_anticipi)],
    rows: answer.results.map(rowOf),
    totals: [euro(answer.totals.AVERE), euro(answer.totals.DARE)],
    total: `Totale: ${answer.count}`,
  };
}

/** The advances account from the database: paid in minus drawn, in cents. */
async function advancesInDb(company: Company): Promise<number> {
  const { rows } = await sql<{ balance: string }>`
    SELECT coalesce(sum(CASE WHEN verso = 'AVERE' THEN importo ELSE -importo END), 0)::text AS balance
      FROM company_advances WHERE company_id = ${company.id}`.execute(server.app.db);
  return Number(rows[0]!.balance);
}

async function employeesOf(company: Company): Promise<number> {
  const row = await server.app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Opens the company movements and waits for its first answer (and its Act-For). */
async function openOffice(page: Page): Promise<{ answer: HistoryAnswer; actFor: string | undefined }> {
  const response = page.waitForResponse(isHistoryPage);
  await page.goto(OFFICE);
  const first = await response;
  expect(first.status()).toBe(200);
  return {
    answer: (await first.json()) as HistoryAnswer,
    actFor: (await first.request().allHeaders())['act-for'],
  };
}

/** Picks another company in a switcher (`label`) and waits for the company's movements. */
async function switchTo(page: Page, label: string, company: Company): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: company.nome, exact: true }).click();
}

/**
 * Holds the next call to `path` until released: while it runs, the button that started it must
 * stay disabled (and show its loader).
 */
async function holdCall(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

async function shot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

// ---------------------------------------------------------------------------------------------

describe('company movements', () => {
  it('from home-refazi, the movements of her own company with Act-For and its balances', async () => {
    const page = await lauraPage();
    const calls = recordBackOffice(page);
    await page.goto(HOME);
    await page.getByRole('heading', { name: account.backOfficeTitle }).waitFor();
    // She acts for her own company by default.
    await expect
      .poll(() => page.getByRole('combobox', { name: account.backOfficeCompanyLabel }).inputValue())
      .toBe(acme.nome);
    await page.getByText(`Stai operando per: ${acme.nome}`, { exact: true }).waitFor();

    const { answer, actFor } = await openOffice(page);
    expect(actFor).toBe(String(acme.id));
    await page.getByRole('heading', { name: account.movOfficeTitle, level: 1 }).waitFor();
    const oracle = await expected(page, acme);
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(oracle);
    // The seed's year: several thousand movements of hundreds of employees, 25 a page.
    expect(answer.count).toBeGreaterThan(1000);
    expect(answer.results).toHaveLength(25);
    expect(new Set(answer.results.map((m) => m.dipendente)).size).toBeGreaterThan(5);
    // The advances balance is the account's: paid in minus drawn.
    const saldoAnticipi = (await advances(page, acme)).saldo_anticipi;
    expect(cents(saldoAnticipi)).toBe(await advancesInDb(acme));
    expect(cents(saldoAnticipi)).toBeGreaterThan(0);
    // No replay in the company view.
    expect(await page.getByTestId('movement-replay').count()).toBe(0);
    // Every movement and balance call carried the company acted for.
    const office = calls.filter((c) => c.path !== '/api/aziende_referente');
    expect(office.map((c) => c.path)).toEqual(expect.arrayContaining([HISTORY, ADVANCES]));
    expect(office.filter((c) => c.actFor !== String(acme.id))).toEqual([]);
  });

  it('switching company changes Act-For, balances and rows, and switching back restores them', async () => {
    const page = await lauraPage();
    const calls = recordBackOffice(page);
    const { answer: first } = await openOffice(page);
    const own = await expected(page, acme);
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(own);

    const other = page.waitForRequest(
      (r) => isHistoryPage(r) && r.headers()['act-for'] === String(servizi.id),
    );
    const otherAdvances = page.waitForRequest(
      (r) => pathOf(r.url()) === ADVANCES && r.headers()['act-for'] === String(servizi.id),
    );
    const atSwitch = calls.length;
    await switchTo(page, account.profileCompany, servizi);
    await Promise.all([other, otherAdvances]);
    const second = await history(page, servizi);
    const theirs = await expected(page, servizi);
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(theirs);
    // A switch asks once for the company's movements and once for its advances, nothing for the old one.
    const company = (from: number) =>
      calls
        .slice(from)
        .filter((c) => c.path === HISTORY || c.path === ADVANCES)
        .map((c) => `${c.path} ${c.actFor}`)
        .sort();
    expect(company(atSwitch)).toEqual([`${ADVANCES} ${servizi.id}`, `${HISTORY} ${servizi.id}`]);
    // Another company: other balances, other employees, other movements.
    expect(second.saldo_aziendale).not.toBe(first.saldo_aziendale);
    expect(theirs.balances).not.toEqual(own.balances);
    expect(second.count).toBeLessThan(first.count);
    const firstIds = new Set(first.results.map((m) => m.id));
    expect(second.results.filter((m) => firstIds.has(m.id))).toEqual([]);
    expect(cents((await advances(page, servizi)).saldo_anticipi)).toBe(await advancesInDb(servizi));

    // The choice is the session's: after a reload the page still acts for Acme Servizi.
    const reloaded = page.waitForResponse(isHistoryPage);
    await page.reload();
    expect((await (await reloaded).request().allHeaders())['act-for']).toBe(String(servizi.id));
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(theirs);

    const back = page.waitForResponse(
      (r) => isHistoryPage(r) && r.request().headers()['act-for'] === String(acme.id),
    );
    const atSwitchBack = calls.length;
    await switchTo(page, account.profileCompany, acme);
    await back;
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(own);
    // Acme's answers are not taken from the cache of the first visit: asked again, once each.
    expect(company(atSwitchBack)).toEqual([`${ADVANCES} ${acme.id}`, `${HISTORY} ${acme.id}`]);
    // Each call carried the company acted for at that moment: Acme, then Servizi, then Acme again.
    const sequence = calls.filter((c) => c.path === HISTORY).map((c) => c.actFor);
    expect(sequence[0]).toBe(String(acme.id));
    expect(sequence.at(-1)).toBe(String(acme.id));
    expect(sequence).toContain(String(servizi.id));
  });

  it('a company picked on home-refazi is the one office-transactionsdash acts for', async () => {
    const page = await lauraPage();
    await page.goto(HOME);
    await switchTo(page, account.backOfficeCompanyLabel, servizi);
    await page.getByText(`Stai operando per: ${servizi.nome}`, { exact: true }).waitFor();
    const { actFor } = await openOffice(page);
    expect(actFor).toBe(String(servizi.id));
    await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(await expected(page, servizi));
  });
});

describe('downloads', () => {
  it('payroll export: required dates, days out of range or after the end not selectable, server rules, a valid .xlsx', async () => {
    const page = await lauraPage();
    const calls = recordBackOffice(page);
    await openOffice(page);
    const section = page.getByTestId('payroll-export');
    await section.getByText(account.movExperimental, { exact: true }).waitFor();
    const download = section.getByRole('button', { name: account.movExportDownload });

    // Nothing chosen: both messages, no call.
    await download.click();
    await section.getByText(account.movExportStartRequired, { exact: true }).waitFor();
    await section.getByText(account.movExportEndRequired, { exact: true }).waitFor();
    expect(calls.filter((c) => c.path.startsWith('/api/export_'))).toEqual([]);

    const prevStart = monthStart(today, -1);
    const curStart = monthStart(today);
    // The calendar open now (a closed one may linger in the DOM while it fades out).
    const dropdown = page.locator('[data-dates-dropdown]:visible');
    const day = (d: string) => dropdown.getByRole('button', { name: calendarDay(d), exact: true });
    const closed = () => expect.poll(() => dropdown.count()).toBe(0);

    // The end: the first day of this month (a day in range). Future days cannot be picked.
    await section.getByRole('button', { name: account.movExportEnd, exact: true }).click();
    const tomorrow = addDays(today, 1);
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) expect(await day(tomorrow).isDisabled()).toBe(true);
    else expect(await dropdown.locator('button[data-direction="next"]').isDisabled()).toBe(true);
    await day(curStart).click();
    await closed();
    await expect
      .poll(async () =>
        squash(await section.getByRole('button', { name: account.movExportEnd, exact: true }).textContent()),
      )
      .toContain(shownDay(curStart));
    await section.getByText(account.movExportEndRequired, { exact: true }).waitFor({ state: 'detached' });

    // The start: no day after the end, none before the first day of the previous month.
    await section.getByRole('button', { name: account.movExportStart, exact: true }).click();
    const afterEnd = addDays(curStart, 1);
    expect(await day(afterEnd).isDisabled()).toBe(true);
    if (today > curStart) expect(await day(today).isDisabled()).toBe(true);
    expect(await day(curStart).isDisabled()).toBe(false);
    await dropdown.locator('button[data-direction="previous"]').click();
    await day(prevStart).waitFor();
    expect(await day(prevStart).isDisabled()).toBe(false);
    // The month before the previous is out of range: no way back to it.
    expect(await dropdown.locator('button[data-direction="previous"]').isDisabled()).toBe(true);
    const beforeRange = addDays(prevStart, -1);
    if ((await day(beforeRange).count()) > 0) expect(await day(beforeRange).isDisabled()).toBe(true);
    await day(prevStart).click();
    await closed();
    await section.getByText(account.movExportStartRequired, { exact: true }).waitFor({ state: 'detached' });

    // The server keeps the same rules (spec 000 §5), each on its field, for a caller that is not the portal.
    const refused = async (query: Query) => {
      const response = await page.request.get('/api/export_wfbridge_fine_mese', {
        params: query,
        headers: { Authorization: `Token ${token}`, 'Act-For': String(acme.id) },
      });
      expect(response.status(), JSON.stringify(query)).toBe(400);
      return (await response.json()) as Record<string, string[]>;
    };
    expect(await refused({ date_start: today, date_end: prevStart })).toEqual({
      date_start: [formatApi('apiExportStartAfterEnd')],
    });
    expect(await refused({ date_start: beforeRange, date_end: today })).toEqual({
      date_start: [formatApi('apiExportStartTooEarly', { date: shownDay(prevStart) })],
    });
    expect(await refused({ date_start: prevStart, date_end: tomorrow })).toEqual({
      date_end: [formatApi('apiExportEndInFuture', { date: shownDay(today) })],
    });
    expect(await refused({})).toEqual({
      date_start: [formatApi('movExportStartRequired')],
      date_end: [formatApi('movExportEndRequired')],
    });

    // A valid range downloads; the button is disabled while the file is made.
    const release = await holdCall(page, '/api/export_wfbridge_fine_mese');
    const asked = page.waitForRequest((r) => pathOf(r.url()) === '/api/export_wfbridge_fine_mese');
    const file = page.waitForEvent('download');
    await download.click();
    const request = await asked;
    expect(queryOf(request.url())).toEqual({ date_start: prevStart, date_end: curStart });
    expect((await request.allHeaders())['act-for']).toBe(String(acme.id));
    await expect.poll(() => download.isDisabled()).toBe(true);
    expect(await download.getAttribute('data-loading')).toBe('true');
    release();
    const saved = await file;
    await expect.poll(() => download.isDisabled()).toBe(false);
    expect(saved.suggestedFilename()).toBe(`transazioni_fine_mese_${acme.id}_${prevStart}_${curStart}.xlsx`);

    const sheet = await readDownload(saved);
    expect(sheet.name).toBe('Transazioni');
    expect(sheet.header).toEqual([
      'Codice fiscale',
      'Cognome',
      'Nome',
      'Data',
      'Tipo',
      'Id acquisto',
      'Stato',
      'Oggetto',
      'Soggetto',
      'Avere',
      'Dare',
    ]);
    // The same movements as the company history of the range: count and totals.
    const range = await history(page, acme, { date_start: prevStart, date_stop: curStart, page_size: 10 });
    expect(range.count).toBeGreaterThan(0);
    expect(sheet.rows).toHaveLength(range.count);
    const sum = (column: number) => sheet.rows.reduce((s, r) => s + (cellCents(r[column] ?? null) ?? 0), 0);
    expect([sum(9), sum(10)]).toEqual([cents(range.totals.AVERE), cents(range.totals.DARE)]);
    // Oldest first, all inside the range (Rome days).
    const dates = sheet.rows.map((r) => cellDateTime(r[3] ?? null));
    const sortable = dates.map((d) => `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)} ${d.slice(11)}`);
    expect(sortable).toEqual([...sortable].sort());
    expect(sortable[0]!.slice(0, 10) >= prevStart && sortable.at(-1)!.slice(0, 10) <= curStart).toBe(true);
    // The first row is the oldest movement of the range, as the API lists it (newest first).
    const lastPage = Math.ceil(range.count / 500);
    const oldest = (
      await history(page, acme, {
        date_start: prevStart,
        date_stop: curStart,
        page_size: 500,
        page: lastPage,
      })
    ).results.at(-1)!;
    const [surname, name] = [String(sheet.rows[0]![1]), String(sheet.rows[0]![2])];
    expect([
      `${name} ${surname}`,
      dates[0],
      sheet.rows[0]![4],
      sheet.rows[0]![5],
      sheet.rows[0]![7],
      sheet.rows[0]![8],
      cellCents(sheet.rows[0]![9] ?? null),
      cellCents(sheet.rows[0]![10] ?? null),
    ]).toEqual([
      oldest.dipendente,
      romeDateTime(oldest.created),
      KIND_LABELS[oldest.id_kind],
      oldest.id_acquisto,
      oldest.oggetto,
      oldest.soggetto,
      oldest.AVERE === null ? null : cents(oldest.AVERE),
      oldest.DARE === null ? null : cents(oldest.DARE),
    ]);
    expect(String(sheet.rows[0]![0])).toMatch(/^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/);
  });

  it('residual credit export: one row per employee of the company acted for, adding up to its balance', async () => {
    const page = await lauraPage();
    const { answer } = await openOffice(page);
    const button = page.getByRole('button', { name: account.movResidualDownload });

    for (const company of [acme, servizi]) {
      if (company !== acme) {
        const switched = page.waitForResponse(
          (r) => isHistoryPage(r) && r.request().headers()['act-for'] === String(company.id),
        );
        await switchTo(page, account.profileCompany, company);
        await switched;
      }
      const balance =
        company === acme ? answer.saldo_aziendale! : (await history(page, company)).saldo_aziendale!;
      const release = await holdCall(page, '/api/export_crediti_res_utenti');
      const asked = page.waitForRequest((r) => pathOf(r.url()) === '/api/export_crediti_res_utenti');
      const file = page.waitForEvent('download');
      await button.click();
      expect((await (await asked).allHeaders())['act-for']).toBe(String(company.id));
      await expect.poll(() => button.isDisabled()).toBe(true);
      release();
      const saved = await file;
      await expect.poll(() => button.isDisabled()).toBe(false);
      await page.unroute((url) => url.pathname === '/api/export_crediti_res_utenti');
      expect(saved.suggestedFilename()).toBe(`crediti_residui_${company.id}_${today}.xlsx`);

      const sheet = await readDownload(saved);
      expect(sheet.name).toBe('Crediti residui');
      expect(sheet.header).toEqual([
        'Cognome',
        'Nome',
        'Codice fiscale',
        'Credito totale',
        'di cui art. 51 c.3',
        'Scadenza più vicina',
      ]);
      expect(sheet.rows, company.nome).toHaveLength(await employeesOf(company));
      // The company balance is the spendable credit of its employees: the file adds up to it.
      const total = sheet.rows.reduce((s, r) => s + (cellCents(r[3] ?? null) ?? 0), 0);
      expect(total, company.nome).toBe(cents(balance));
      for (const r of sheet.rows) {
        expect((cellCents(r[4] ?? null) ?? 0) <= (cellCents(r[3] ?? null) ?? 0)).toBe(true);
      }
      // By surname and name.
      const names = sheet.rows.map((r) => [String(r[0]), String(r[1])]);
      const sorted = [...names].sort(
        (a, b) => a[0]!.localeCompare(b[0]!, 'it') || a[1]!.localeCompare(b[1]!, 'it'),
      );
      expect(names.map((n) => n[0])).toEqual(sorted.map((n) => n[0]));
    }
  });
});

describe('accessibility and screenshots', () => {
  it('has no axe violations on the company movements and home-refazi, at 360 and 1280 px', async () => {
    const violations: Record<string, string[]> = {};
    for (const width of [360, 1280]) {
      const page = await lauraPage(width);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(HOME);
      await page.getByText(`Stai operando per: ${acme.nome}`, { exact: true }).waitFor();
      violations[`home-refazi-${width}`] = await axeViolations(page);

      await openOffice(page);
      await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(await expected(page, acme));
      await page.locator('.recharts-bar-rectangle path').first().waitFor();
      violations[`office-${width}`] = await axeViolations(page);
      await shot(page, `movements-laura-${width}`);

      // The export's messages and an open calendar.
      await page
        .getByTestId('payroll-export')
        .getByRole('button', { name: account.movExportDownload })
        .click();
      await page.getByText(account.movExportStartRequired, { exact: true }).waitFor();
      await page.getByRole('button', { name: account.movExportStart, exact: true }).click();
      await page.locator('[data-dates-dropdown]:visible').waitFor();
      await settle(page);
      violations[`office-export-${width}`] = await axeViolations(page);
      await shot(page, `movements-laura-export-${width}`);
    }
    expect(violations).toEqual({
      'home-refazi-360': [],
      'office-360': [],
      'office-export-360': [],
      'home-refazi-1280': [],
      'office-1280': [],
      'office-export-1280': [],
    });
  });
});
