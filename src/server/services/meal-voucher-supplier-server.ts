/**
 * The supplier's side of the meal-voucher protocol (config/meal-voucher-suppliers.ts; issue 24): a
 * `node:http` server that serves the protocol for any `MealVoucherSupplier` (the demo supplier in the
 * tests), as a real supplier would. It checks every request before anything else (timestamp within the
 * window, signature over method, path and body, nonce never seen: each a 401), reads at most
 * `mealVoucherMaxBodyBytes`, and signs every answer, errors included, for the request's nonce.
 * An order is refused whole (422) when its supplier refuses it, or when it names another supplier
 * than the one this server answers for; the supplier's own failures answer 503 (the portal retries).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mealVoucherClockSkewSeconds, mealVoucherMaxBodyBytes } from '../../../config/meal-voucher-suppliers';
import { formatMessage, type MessageKey } from '../messages';
import {
  NONCE_PATTERN,
  readSupplierOrder,
  REFERENCE_PATTERN,
  SIGNATURE_HEADERS,
  signAnswer,
  signatureMatches,
  signRequest,
  timestampFresh,
} from './meal-voucher-http';
import { SupplierError, type MealVoucherSupplier } from './piattapasto';

export interface MealVoucherSupplierServerOptions {
  /** What the server answers for (e.g. `demoMealVoucherSupplier(db)`). */
  supplier: MealVoucherSupplier;
  /** The supplier code it serves: an order naming another is refused whole. */
  fornitore: string;
  /** The key shared with the portal. */
  key: string;
  /** The path the protocol is served under (the portal's base address's path), e.g. `/api/v1`. */
  basePath?: string;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
  /** Told of the supplier's own failures (answered 503). */
  onError?: (error: unknown) => void;
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

class TooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > mealVoucherMaxBodyBytes) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const part = chunk as Buffer;
    size += part.length;
    if (size > mealVoucherMaxBodyBytes) throw new TooLarge();
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

/** The server (not listening yet): `listen` it, or use `startMealVoucherSupplierServer`. */
export function createMealVoucherSupplierServer(options: MealVoucherSupplierServerOptions): Server {
  const now = options.now ?? Date.now;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  /** Nonces seen, with when they may be forgotten (their timestamp has left the window by then). */
  const seen = new Map<string, number>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestNonce = header(request, SIGNATURE_HEADERS.nonce);
    // The answer is signed for the request's nonce when it has a well-formed one.
    const echo = NONCE_PATTERN.test(requestNonce) ? requestNonce : '';
    const answer = (status: number, body: unknown) => {
      const raw = Buffer.from(JSON.stringify(body), 'utf8');
      const timestamp = String(Math.floor(now() / 1000));
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': raw.length,
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.nonce]: echo,
        [SIGNATURE_HEADERS.signature]: signAnswer(options.key, { timestamp, nonce: echo, status, body: raw }),
      });
      response.end(raw);
    };
    const refuse = (status: number, key: MessageKey) => answer(status, { errore: formatMessage(key) });

    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      // The rest of the body is not read: the connection ends with the answer.
      response.setHeader('connection', 'close');
      refuse(413, 'apiPiattaSupplierTooLarge');
      return;
    }

    // Who is calling first: an unsigned caller learns nothing, not even which paths exist.
    const timestamp = header(request, SIGNATURE_HEADERS.timestamp);
    const target = request.url ?? '';
    const method = request.method ?? '';
    const expected = signRequest(options.key, { timestamp, nonce: echo, method, path: target, body });
    if (echo === '' || !signatureMatches(expected, header(request, SIGNATURE_HEADERS.signature))) {
      refuse(401, 'apiPiattaSupplierUnsigned');
      return;
    }
    if (!timestampFresh(timestamp, now())) {
      refuse(401, 'apiPiattaSupplierStale');
      return;
    }
    const nowMs = now();
    for (const [nonce, forgetAt] of seen) if (forgetAt < nowMs) seen.delete(nonce);
    if (seen.has(echo)) {
      refuse(401, 'apiPiattaSupplierReplay');
      return;
    }
    seen.set(echo, (Number(timestamp) + mealVoucherClockSkewSeconds + 1) * 1000);

    // The target as signed: a query string (no part of the protocol) matches no call.
    const rest = target.startsWith(`${basePath}/`) ? target.slice(basePath.length) : '';
    if (rest === '/ordini' && method === 'POST') {
      let order;
      try {
        order = readSupplierOrder(JSON.parse(body.toString('utf8')));
      } catch {
        order = null;
      }
      if (!order) return refuse(400, 'apiPiattaSupplierBadOrder');
      if (order.fornitore !== options.fornitore) return refuse(422, 'apiPiattaSupplierOtherSupplier');
      try {
        answer(200, await options.supplier.send(order));
      } catch (error) {
        if (error instanceof SupplierError) return answer(422, { errore: error.message });
        options.onError?.(error);
        refuse(503, 'apiPiattaSupplierUnavailable');
      }
      return;
    }
    const reference = /^\/ordini\/([^/?#]+)$/.exec(rest)?.[1];
    if (reference !== undefined && method === 'GET') {
      let rifOrdine = '';
      try {
        rifOrdine = decodeURIComponent(reference);
      } catch {
        // A broken escape names no order.
      }
      if (!REFERENCE_PATTERN.test(rifOrdine)) return refuse(404, 'apiPiattaSupplierOrderUnknown');
      try {
        const outcome = await options.supplier.outcome(rifOrdine, options.fornitore);
        if (outcome === null) return refuse(404, 'apiPiattaSupplierOrderUnknown');
        answer(200, outcome);
      } catch (error) {
        options.onError?.(error);
        refuse(503, 'apiPiattaSupplierUnavailable');
      }
      return;
    }
    refuse(404, 'apiPiattaSupplierNoSuchCall');
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) {
        response.writeHead(503).end();
      } else {
        response.destroy();
      }
    });
  });
}

/** The server listening (default 127.0.0.1 on a free port), its base address, and how to stop it. */
export async function startMealVoucherSupplierServer(
  options: MealVoucherSupplierServerOptions & { host?: string; port?: number },
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createMealVoucherSupplierServer(options);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}${(options.basePath ?? '').replace(/\/+$/, '')}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
