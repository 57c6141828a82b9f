/**
 * Starts the server: reads the environment, builds the app, listens, and closes cleanly on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed) with a hard stop as last resort.
 */
import { buildApp, resolveConfig } from './app';
import { EnvError } from './plugins/env';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = resolveConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ logger: true });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'arresto in corso');
    const timer = setTimeout(() => {
      app.log.error('arresto forzato: chiusura oltre il tempo massimo');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // Node closes the connections idle at close() once: one answering a request then (a load balancer's
    // kept-alive connection) would stay open after its answer until the client drops it, holding the
    // close up to the keep-alive timeout. Close each as soon as it is idle.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'errore in chiusura');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/pglite)`,
      demo: config.demo,
      mail: app.mail.mode,
      static: config.staticDir,
    },
    'server pronto',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
