/**
 * The server of the restart drill (bench/import-restart.ts): the real app on the embedded database in
 * the folder given, in demo mode without loading the demo data. It prints READY once the app is ready
 * (its job workers started, the accepted imports queued again); with `--until-idle` it also waits for
 * the queue to empty, prints DONE and closes; otherwise it runs until it is killed.
 */
import { buildApp } from '../src/server/app';

const [folder, mode] = process.argv.slice(2);
if (!folder) throw new Error('uso: import-restart-server.ts <cartella dati> [--until-idle]');
const app = await buildApp({ dataDir: folder, demo: true, seedDemo: false, staticDir: null, logger: false });
process.stdout.write('READY\n');
if (mode === '--until-idle') {
  await app.jobs.idle(15 * 60_000);
  process.stdout.write('DONE\n');
  await app.close();
}
