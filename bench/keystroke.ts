/**
 * `npx tsx bench/keystroke.ts [appDir]`: keystroke latency in the largest request form (issue 5),
 * next to two baselines built and measured in the same run:
 *
 * - floor: a single controlled Mantine TextInput (React 19 + Mantine, nothing else);
 * - stock: `@rjsf/mantine` with `@rjsf/validator-ajv8` and `liveValidate`, on the same schema;
 * - portal: the real form route (`/base-request/conv-ondemand`, the form with the most fields) served by
 *   the reference server with the demo seed, signed in as mario.rossi@example.com.
 *
 * Each page gets 200 keystrokes (100 in the amount field: digits, a dot, decimals and backspaces;
 * 100 in the notes), in headless Chromium with 4x CPU throttling (DevTools protocol
 * `Emulation.setCPUThrottlingRate`). A keystroke's latency is the time from `beforeinput` to the next
 * task after `input` (a `setTimeout(0)` queued in the capture phase of `input` runs after the
 * framework has rendered the change). The next keystroke waits for the previous measure.
 *
 * The machine may be loaded (it is shared): in a run the three pages are open together and typed in
 * turn, one keystroke each (floor, stock, portal, floor, ...), so that load falls on all three alike;
 * there are three runs (`KEYSTROKE_RUNS` changes the count), each reported, and the headline is the
 * median over the runs of each figure and of the portal's p95 ratio to the floor of the same run.
 *
 * It also reports the JavaScript (gzip) a browser downloads to open each page: the stock rjsf bundle
 * for the same schema, and the portal's form route (everything loaded for the form, measured from the
 * network, split into what the shell already loads and what the form adds). Target: the form adds at
 * most half of stock rjsf beyond the shell; the script exits with 1 when it does not.
 * `--bundle-only` measures the JavaScript alone (no typing, seconds after `npm run build`).
 * Figures go to bench/keystroke-results.json (not in `--bundle-only`); the latency is not asserted.
 */
import { createServer, type Server } from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, findChromium } from '../scripts/find-chromium.mjs';
import { buildApp } from '../src/server/app';
import { createSession } from '../src/server/services/sessions';

const KEYSTROKES_PER_FIELD = 100;
const RUNS = Math.max(1, Number(process.env.KEYSTROKE_RUNS ?? 3) || 3);
const TARGET_RATIO = 1.5;
const CPU_THROTTLING = 4;
const FORM_ROUTE = '/base-request/conv-ondemand';
const FORM_SCHEMA = 'schemas/forms/conv-ondemand.json';
const RESULTS_FILE = fileURLToPath(new URL('./keystroke-results.json', import.meta.url));

const work = resolve('.tmp/bench/keystroke');
const args = process.argv.slice(2);
/** `--bundle-only`: the JavaScript figures and their target alone, no typing (seconds after a build). */
const BUNDLE_ONLY = args.includes('--bundle-only');
const appDir = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
/** What the form route may add beyond the shell: at most this share of stock rjsf for the same schema. */
const FORM_BUNDLE_SHARE_OF_STOCK = 0.5;

interface Latency {
  keystrokes: number;
  median: number;
  p95: number;
  max: number;
}

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(1);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** The middle value (mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure's median over the runs. */
function medianOf(runs: Latency[]): Latency {
  return {
    keystrokes: runs[0]?.keystrokes ?? 0,
    median: median(runs.map((r) => r.median)),
    p95: median(runs.map((r) => r.p95)),
    max: median(runs.map((r) => r.max)),
  };
}

function summarize(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    keystrokes: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
}

// ---------------------------------------------------------------------------------------------
// Baseline pages

const HTML =
  '<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
  '<body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>';

const FLOOR_MAIN = `import '@mantine/core/styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, TextInput } from '@mantine/core';
function Floor() {
  const [value, setValue] = useState('');
  return <TextInput label="Importo" value={value} onChange={(e) => setValue(e.currentTarget.value)} />;
}
createRoot(document.getElementById('root')!).render(<MantineProvider><Floor /></MantineProvider>);`;

/** Stock rjsf: default widgets, runtime ajv8 validator, live validation, the same schema. */
function stockMain(): string {
  const schema = JSON.parse(readFileSync(FORM_SCHEMA, 'utf8')) as Record<string, unknown>;
  // The stock validator is draft-07 ajv: drop the 2020-12 dialect marker, keep every keyword.
  delete schema.$schema;
  delete schema.$id;
  return `import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/mantine';
import validator from '@rjsf/validator-ajv8';
const schema = ${JSON.stringify(schema)};
const uiSchema = { note: { 'ui:widget': 'textarea' } };
function Stock() {
  const [formData, setFormData] = useState({});
  return <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} liveValidate
    onChange={(e) => setFormData(e.formData)} />;
}
createRoot(document.getElementById('root')!).render(<MantineProvider><Stock /></MantineProvider>);`;
}

async function buildPage(name: string, main: string): Promise<{ dir: string; js: number }> {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'main.tsx'), main);
  const outDir = join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: { outDir, emptyOutDir: true, modulePreload: false },
  });
  let js = 0;
  const assets = join(outDir, 'assets');
  for (const file of existsSync(assets) ? readdirSync(assets) : []) {
    if (file.endsWith('.js')) js += gz(readFileSync(join(assets, file)));
  }
  return { dir: outDir, js };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Installed before any page script: records beforeinput -> next task after input. */
const PROBE = `(() => {
  window.__latencies = [];
  let start = null;
  document.addEventListener('beforeinput', () => { start = performance.now(); }, true);
  document.addEventListener('input', () => {
    const began = start;
    start = null;
    if (began === null) return;
    setTimeout(() => window.__latencies.push(performance.now() - began), 0);
  }, true);
})();`;

/** 100 keystrokes in an amount field: "123.45" typed then erased, over and over. */
function amountKeys(): string[] {
  const cycle = [
    '1',
    '2',
    '3',
    '.',
    '4',
    '5',
    'Backspace',
    'Backspace',
    'Backspace',
    'Backspace',
    'Backspace',
    'Backspace',
  ];
  return Array.from({ length: KEYSTROKES_PER_FIELD }, (_, i) => cycle[i % cycle.length]!);
}

/** 100 keystrokes of Italian text in the notes. */
function notesKeys(): string[] {
  const text =
    'Preventivo per visita specialistica e analisi di laboratorio presso il centro medico convenzionato ';
  return Array.from({ length: KEYSTROKES_PER_FIELD }, (_, i) => {
    const char = text[i % text.length]!;
    return char === ' ' ? 'Space' : char;
  });
}

/** Types one key and waits for its measure. */
async function typeOne(page: Page, key: string): Promise<void> {
  const before = await page.evaluate(
    () => (window as unknown as { __latencies: number[] }).__latencies.length,
  );
  await page.keyboard.press(key);
  await page.waitForFunction(
    (n) => (window as unknown as { __latencies: number[] }).__latencies.length > n,
    before,
    { timeout: 10_000 },
  );
}

interface Fields {
  amount: string;
  notes: string;
}

interface OpenPage {
  page: Page;
  fields: Fields;
  close(): Promise<void>;
}

/** Opens a page, waits for its form, throttles its CPU and types two untimed warm-up keys. */
async function openPage(
  browser: Browser,
  url: string,
  fields: Fields,
  prepare?: (page: Page) => Promise<void>,
): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'it-IT' });
  await context.addInitScript(PROBE);
  if (prepare) await prepare(await context.newPage());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.locator(fields.amount).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.locator(fields.amount).first().click();
  for (const key of ['9', 'Backspace']) await typeOne(page, key);
  await page.evaluate(() => {
    (window as unknown as { __latencies: number[] }).__latencies = [];
  });
  return {
    page,
    fields,
    close: async () => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await context.close();
    },
  };
}

/**
 * One run: the pages typed in turn, one keystroke each (floor, stock, portal, floor, ...), so that a
 * burst of load on the shared machine falls on all of them alike instead of on whichever page was
 * being measured; each page's latencies are summarised apart.
 */
async function measureInterleaved(pages: readonly OpenPage[]): Promise<Latency[]> {
  for (const field of ['amount', 'notes'] as const) {
    const keys = field === 'amount' ? amountKeys() : notesKeys();
    for (const { page, fields } of pages) await page.locator(fields[field]).first().click();
    for (const key of keys) for (const { page } of pages) await typeOne(page, key);
  }
  return Promise.all(
    pages.map(async ({ page }) =>
      summarize(await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies)),
    ),
  );
}

/** JS (gzip) fetched while opening a URL; `files` maps each script URL to its gzip size. */
async function scriptsLoaded(browser: Browser, url: string, prepare: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await prepare(page);
  const files = new Map<string, number>();
  page.on('response', (response) => {
    const u = response.url();
    if (!u.endsWith('.js')) return;
    const path = join(appDir, new URL(u).pathname);
    if (existsSync(path)) files.set(new URL(u).pathname, gz(readFileSync(path)));
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await context.close();
  return files;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(join(appDir, 'index.html')))
    throw new Error(`${appDir} non contiene il portale: npm run build`);
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('Chromium non trovato: apt-get install chromium, oppure CHROMIUM_PATH.');
  mkdirSync(work, { recursive: true });

  console.info('Costruzione delle pagine di riferimento (floor, stock rjsf)…');
  const floor = BUNDLE_ONLY ? null : await buildPage('floor', FLOOR_MAIN);
  const stock = await buildPage('stock', stockMain());

  const dataDir = mkdtempSync(join(tmpdir(), 'welfare-keystroke-'));
  const app = await buildApp({
    dataDir,
    demo: true,
    staticDir: appDir,
    logger: false,
    rateLimitMax: 100_000,
    loadShedding: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const portal = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const floorServer = floor ? await serveStatic(floor.dir) : null;
  const stockServer = await serveStatic(stock.dir);
  // The pages are typed in turn: none of them may be slowed down as a page in the background.
  const browser = await chromium.launch({
    executablePath,
    args: [
      ...chromiumArgs,
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
    headless: true,
  });

  try {
    const token = await createSession(app.db, 'mario.rossi@example.com');
    const signIn = async (page: Page) => {
      await page.addInitScript(
        ([t]) => {
          if (sessionStorage.getItem('token') === null) {
            sessionStorage.setItem('token', JSON.stringify(t));
            sessionStorage.setItem('is_logged', JSON.stringify(true));
            sessionStorage.setItem('customer', JSON.stringify('acme'));
            localStorage.setItem('wbcustomer', 'acme');
          }
        },
        [token],
      );
    };

    const shellFiles = await scriptsLoaded(browser, `${portal}/menu`, signIn);
    const formFiles = await scriptsLoaded(browser, `${portal}${FORM_ROUTE}`, signIn);
    const sum = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);
    const formTotal = sum(formFiles);
    const formOwn = [...formFiles]
      .filter(([file]) => !shellFiles.has(file))
      .reduce((a, [, size]) => a + size, 0);
    const formBundleTarget = stock.js * FORM_BUNDLE_SHARE_OF_STOCK;
    const javascriptGzipBytes = {
      stockRjsfSameSchema: stock.js,
      floorPage: floor?.js ?? null,
      portalFormRouteTotal: formTotal,
      portalFormRouteBeyondShell: formOwn,
      halfOfStock: formBundleTarget,
      // The target: the form route adds at most half of stock rjsf beyond the shell.
      withinTarget: formOwn <= formBundleTarget,
    };
    const bundleLine =
      `JS gzip: stock rjsf stesso schema ${kb(stock.js)} KB; rotta del modulo nel portale ${kb(formTotal)} KB in tutto, ` +
      `di cui ${kb(formOwn)} KB oltre la shell già caricata (obiettivo <= ${kb(formBundleTarget)} KB, metà dello stock: ` +
      `${javascriptGzipBytes.withinTarget ? 'raggiunto' : 'NON raggiunto'}).`;
    if (!javascriptGzipBytes.withinTarget) process.exitCode = 1;
    if (BUNDLE_ONLY || !floorServer) {
      // What the form route adds, largest first (to see what to split).
      for (const [file, size] of [...formFiles]
        .filter(([f]) => !shellFiles.has(f))
        .sort((a, b) => b[1] - a[1]))
        console.info(`  ${kb(size).padStart(6)} KB  ${file}`);
      console.info(bundleLine);
      return;
    }

    console.info(
      `Latenza per tasto, CPU rallentata ${CPU_THROTTLING}x, ${2 * KEYSTROKES_PER_FIELD} tasti per pagina, ${RUNS} giri…`,
    );
    const runs: Array<{ floor: Latency; stock: Latency; portal: Latency; p95Ratio: number }> = [];
    for (let run = 1; run <= RUNS; run++) {
      const pages = [
        await openPage(browser, floorServer.url, { amount: 'input', notes: 'input' }),
        await openPage(browser, stockServer.url, { amount: '#root_importo', notes: '#root_note' }),
        await openPage(
          browser,
          `${portal}${FORM_ROUTE}`,
          {
            amount: 'input[name="importo"], [data-field="importo"] input',
            notes: 'textarea[name="note"], [data-field="note"] textarea',
          },
          signIn,
        ),
      ];
      let measured: Latency[];
      try {
        measured = await measureInterleaved(pages);
      } finally {
        for (const page of pages) await page.close();
      }
      const [floorRun, stockRun, portalRun] = measured as [Latency, Latency, Latency];
      const p95Ratio = portalRun.p95 / floorRun.p95;
      runs.push({ floor: floorRun, stock: stockRun, portal: portalRun, p95Ratio });
      console.info(
        `  giro ${run}: p95 floor ${ms(floorRun.p95)} ms, stock ${ms(stockRun.p95)} ms, ` +
          `portale ${ms(portalRun.p95)} ms (${p95Ratio.toFixed(2)}x il floor)`,
      );
    }
    const floorLatency = medianOf(runs.map((r) => r.floor));
    const stockLatency = medianOf(runs.map((r) => r.stock));
    const portalLatency = medianOf(runs.map((r) => r.portal));
    const p95Ratio = median(runs.map((r) => r.p95Ratio));

    const results = {
      date: new Date().toISOString(),
      cpuThrottling: CPU_THROTTLING,
      keystrokes: 2 * KEYSTROKES_PER_FIELD,
      form: FORM_ROUTE,
      runs: runs.map((r) => ({
        floor: r.floor,
        stockRjsfLiveValidate: r.stock,
        portal: r.portal,
        p95Ratio: r.p95Ratio,
      })),
      // Each figure: the median over the runs.
      latencyMs: { floor: floorLatency, stockRjsfLiveValidate: stockLatency, portal: portalLatency },
      targets: {
        p95AtMostFloorTimes: TARGET_RATIO,
        // The median of the runs' ratios (each run's portal against its own floor).
        p95Ratio,
        p95RatiosPerRun: runs.map((r) => r.p95Ratio),
        p95Met: p95Ratio <= TARGET_RATIO,
      },
      javascriptGzipBytes,
    };
    writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');

    const rows: [string, Latency, number | null][] = [
      ['Floor: one controlled Mantine input', floorLatency, null],
      [
        'Stock @rjsf/mantine + liveValidate',
        stockLatency,
        median(runs.map((r) => r.stock.p95 / r.floor.p95)),
      ],
      [`Portal ${FORM_ROUTE}`, portalLatency, p95Ratio],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.info(
      `\nMediana di ${RUNS} giri\n${'Pagina'.padEnd(width)}  tasti  mediana ms  p95 ms  max ms  p95/floor  obiettivo`,
    );
    for (const [name, l, ratio] of rows)
      console.info(
        `${name.padEnd(width)}  ${String(l.keystrokes).padStart(5)}  ${ms(l.median).padStart(10)}  ${ms(l.p95).padStart(6)}  ${ms(l.max).padStart(6)}  ${(ratio === null ? '1.00x' : `${ratio.toFixed(2)}x`).padStart(9)}  ${ratio === null || name.startsWith('Stock') ? '' : `<= ${TARGET_RATIO}x`}`,
      );
    console.info(
      `\np95 del portale = ${p95Ratio.toFixed(2)}x il floor, mediana dei giri ` +
        `(${runs.map((r) => `${r.p95Ratio.toFixed(2)}x`).join(', ')}); obiettivo <= ${TARGET_RATIO}x: ` +
        `${results.targets.p95Met ? 'raggiunto' : 'NON raggiunto'}.`,
    );
    console.info(bundleLine);
    console.info('Scritto in bench/keystroke-results.json');
  } finally {
    await browser.close();
    floorServer?.server.close();
    stockServer.server.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
