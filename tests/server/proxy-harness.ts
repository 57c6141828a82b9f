/**
 * Several real server processes (`node --import tsx src/server/server.ts`) behind a real haproxy (Debian's
 * package), for the tests that prove the server runs as more than one instance (issue 27): each instance
 * its own port, haproxy in front with a generated config (round robin, health check on /health/ready,
 * the answering instance's name in an `X-Instance` header), and its runtime socket to read which
 * instances it counts as up.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The haproxy binary, or null when it is not installed. */
export function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `read` until it answers something other than undefined, for at most `ms`. */
export async function waitFor<T>(
  what: string | (() => string),
  read: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`in attesa di: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Instance {
  name: string;
  port: number;
  /** Everything the process wrote (stdout and stderr), across its restarts. */
  log(): string;
  /** Starts the process (again); resolves once its own /health/ready answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and resolves once the process has exited, with its exit code or signal. */
  stop(signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
  running(): boolean;
}

/** Settings of the server a test process may carry, dropped from what an instance inherits. */
const INSTANCE_SETTINGS = [
  'DATABASE_URL',
  'DEMO',
  'DATA_DIR',
  'TEST_NOW',
  'TICKET_SECRET',
  'PUBLIC_URL',
  'SMTP_URL',
  'TRUST_PROXY',
  'METRICS_TOKEN',
  'LOG_LEVEL',
  'FILE_STORE',
];

/** One server process on its own port, with `env` on top of the test process's environment. */
export function serverInstance(name: string, port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | undefined;
  let output = '';
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    name,
    port,
    log: () => output,
    running,
    async start() {
      if (running()) throw new Error(`istanza ${name} già avviata`);
      // Nothing of the test run's own settings leaks into the instance: only `env`, PORT and HOST.
      const inherited = { ...(process.env as Record<string, string>) };
      for (const variable of INSTANCE_SETTINGS) delete inherited[variable];
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
        env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      output += `--- avvio ${name} (pid ${started.pid})\n`;
      started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor(
        () => `l'istanza ${name} pronta su ${port}; log:\n${output.slice(-3000)}`,
        async () => {
          if (started.exitCode !== null || started.signalCode !== null)
            throw new Error(
              `l'istanza ${name} è uscita (${started.exitCode ?? started.signalCode}):\n${output}`,
            );
          const answer = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null);
          return answer?.status === 200 ? true : undefined;
        },
        60_000,
      );
    },
    async stop(signal) {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null)
        return current?.exitCode ?? current?.signalCode ?? null;
      const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
        current.once('exit', (code, sig) => resolve(code ?? sig)),
      );
      current.kill(signal);
      return exited;
    },
  };
}

export interface Proxy {
  url: string;
  /** haproxy's own output. */
  log(): string;
  /** The state haproxy gives each server of the backend: 'UP', 'DOWN', 'MAINT', … (runtime `show stat`). */
  states(): Promise<Record<string, string>>;
  /** Resolves once haproxy gives `server` the state `state`. */
  waitState(server: string, state: 'UP' | 'DOWN', ms?: number): Promise<void>;
  stop(): Promise<void>;
}

function runtimeCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let answer = '';
    client.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
    client.write(`${command}\n`);
  });
}

/**
 * haproxy in front of `instances`: round robin; a server is health-checked every 200 ms on
 * /health/ready and out at the first failure (`fall 1`), in again at the first success (the requests
 * it is still answering are left to finish: no `on-marked-down shutdown-sessions`, which would cut the
 * drain of an instance stopped with SIGTERM); a request whose connection to a server fails is retried (`retries`) on
 * another server (`option redispatch`): nothing had been sent, so this is safe for any method.
 * `X-Instance` on every answer names the server that gave it.
 */
export async function startHaproxy(
  instances: Pick<Instance, 'name' | 'port'>[],
  port?: number,
): Promise<Proxy> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('haproxy non installato (apt-get install -y haproxy)');
  const folder = mkdtempSync(join(tmpdir(), 'welfare-haproxy-'));
  port ??= await freePort();
  const socket = join(folder, 'admin.sock');
  const config = [
    'global',
    `  stats socket ${socket} mode 600 level admin`,
    '  maxconn 500',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    '  default-server inter 200ms fastinter 200ms downinter 200ms fall 1 rise 1',
    '  http-response set-header X-Instance %s',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
    '',
  ].join('\n');
  writeFileSync(join(folder, 'haproxy.cfg'), config);
  const check = spawnSync(binary, ['-c', '-f', join(folder, 'haproxy.cfg')], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`configurazione haproxy non valida:\n${check.stdout}${check.stderr}`);

  // -db: in the foreground, not as a daemon, so that the test owns the process.
  const child = spawn(binary, ['-db', '-f', join(folder, 'haproxy.cfg')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const states = async () => {
    const csv = await runtimeCommand(socket, 'show stat');
    const result: Record<string, string> = {};
    const lines = csv.split('\n');
    const header = (lines[0] ?? '').replace(/^# /, '').split(',');
    const [px, sv, status] = ['pxname', 'svname', 'status'].map((field) => header.indexOf(field)) as [
      number,
      number,
      number,
    ];
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      if (cells[px] === 'app' && cells[sv] !== 'BACKEND' && cells[sv]) result[cells[sv]!] = cells[status]!;
    }
    return result;
  };
  const proxy: Proxy = {
    url: `http://127.0.0.1:${port}`,
    log: () => output,
    states,
    async waitState(server, state, ms = 30_000) {
      await waitFor(
        `haproxy: ${server} ${state}`,
        async () => {
          const now: Record<string, string> = await states().catch(() => ({}));
          return now[server]?.startsWith(state) ? true : undefined;
        },
        ms,
      ).catch(async (error: unknown) => {
        const now = JSON.stringify(await states().catch(() => ({})));
        throw new Error(`${error instanceof Error ? error.message : String(error)} (stato: ${now})`);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await waitFor(
    () => `haproxy in ascolto su ${port}; log:\n${output}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`haproxy è uscito:\n${output}`);
      return existsSync(socket) && (await states().catch(() => null)) ? true : undefined;
    },
    10_000,
  );
  return proxy;
}
