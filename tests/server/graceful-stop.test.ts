/**
 * The server process stops cleanly on SIGTERM even when a client keeps its connection open (a load
 * balancer's keep-alive pool does): the request it is answering finishes, and then its connection is
 * closed, so the process exits with 0 at once instead of waiting out the keep-alive timeout and being
 * stopped by force (exit 1) after the grace period (src/server/server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_TICKET_SECRET } from './helpers';
import { freePort, serverInstance, waitFor, type Instance } from './proxy-harness';

describe('a SIGTERM while a kept-alive connection is answering', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'welfare-graceful-stop-'));
  let instance: Instance | undefined;
  let socket: Socket | undefined;

  afterAll(async () => {
    socket?.destroy();
    await instance?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the request, closes the connection and exits with 0 within the grace period', async () => {
    const port = await freePort();
    // The embedded database in a folder of its own, demo mode off: nothing but the process under test.
    instance = serverInstance('solo', port, {
      DATA_DIR: dataDir,
      DEMO: '0',
      TICKET_SECRET: TEST_TICKET_SECRET,
      LOG_LEVEL: 'info',
    });
    await instance.start();

    const akey = Buffer.from(
      JSON.stringify({ username: 'nessuno@example.com', password: '0'.repeat(64) }),
    ).toString('base64url');
    const body = JSON.stringify({ akey });
    let answer = '';
    let closedByServer = false;
    socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => (closedByServer = true));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket!.once('connect', () => resolve()));
    // Headers and half the body: the request is in flight, its handler waits for the rest.
    socket.write(
      [
        'POST /api/api-token-ckey HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: keep-alive',
        '',
        '',
      ].join('\r\n') + body.slice(0, 10),
    );

    // Fastify has routed it (its request log line): a request arriving after the close began would be
    // answered 503 with `Connection: close` instead, which proves nothing here.
    await waitFor('la richiesta ricevuta dal server', () =>
      /"msg":"incoming request"[^\n]*api-token-ckey|api-token-ckey[^\n]*"msg":"incoming request"/.test(
        instance!.log(),
      )
        ? true
        : undefined,
    );
    const exited = instance.stop('SIGTERM');
    await waitFor('il server avvisa che si arresta', () =>
      instance!.log().includes('arresto in corso') ? true : undefined,
    );
    socket.write(body.slice(10));

    // The request was answered (not cut), over a connection the client never closes.
    await waitFor(`la risposta alla richiesta in corso (${answer})`, () =>
      /^HTTP\/1\.1 \d{3}/.test(answer) ? true : undefined,
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 5\d\d/);
    expect(await exited, instance.log()).toBe(0);
    await waitFor('la connessione chiusa dal server', () => (closedByServer ? true : undefined), 5_000);
  }, 60_000);
});
