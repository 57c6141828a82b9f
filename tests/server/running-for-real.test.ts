/**
 * The README's "Running for real" block, run as written (issue 24): its lines in order, each as a process
 * (`bash -c`), on a fresh PostgreSQL database, with mails through a real SMTP server started here
 * (smtp-server). Then, against the server process the block started: the referent of the provisioning
 * example sets her password from the mailed link, enrols TOTP with the mailed code, signs in and sees the
 * back office of her companies; the employee the block added sets his, enrols and signs in to the portal.
 *
 * What the test changes in the block, and why: `createdb` makes a uniquely named database on the test
 * server (DATABASE_URL points at it); SMTP_URL points at the local SMTP server; PORT and HOST are added
 * (the block leaves them to the defaults, which another process may hold); `npm install && npm run build`
 * is not run (the checkout is installed, and the API does not need the built portal).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { akeyOf, currentStep, totpAt } from './auth-helpers';
import { createTestDatabase, NO_POSTGRES_REASON, TEST_DATABASE_URL } from './helpers';

/** The sh block of the README's "Running for real" section, a command per line, comments dropped. */
function readmeBlock(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('### Running for real'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README: blocco sh di "Running for real" non trovato');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line !== '');
}

/** One line through bash, as a terminal would run it. */
function runLine(line: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', line], { env, timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Mail {
  to: string;
  text: string;
}

/** Polls `read` until it answers something, for at most `ms`. */
async function waitFor<T>(what: string, read: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`in attesa di: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!TEST_DATABASE_URL)(
  `README "Running for real", as processes on a fresh PostgreSQL${TEST_DATABASE_URL ? '' : ` (${NO_POSTGRES_REASON})`}`,
  () => {
    const mails: Mail[] = [];
    let smtp: SMTPServer;
    let smtpPort: number;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    let server: ChildProcess | undefined;
    let serverLog = '';
    let base = '';
    const outputs = new Map<string, string>();

    beforeAll(async () => {
      smtp = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        authOptional: true,
        onAuth: (_auth, _session, done) => done(null, { user: 'provider' }),
        onData(stream, session, done) {
          simpleParser(stream)
            .then((parsed) => {
              for (const to of session.envelope.rcptTo)
                mails.push({ to: to.address, text: parsed.text ?? '' });
              done();
            })
            .catch(done);
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      smtpPort = (smtp.server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      if (server && server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server!.once('exit', resolve));
      }
      await database?.drop();
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    });

    it('runs every line of the block, in order, as written', { timeout: 240_000 }, async () => {
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      };
      // Nothing of the test run's own settings may leak into the operator's environment.
      for (const name of ['DEMO', 'DATA_DIR', 'TEST_NOW', 'TICKET_SECRET', 'PUBLIC_URL', 'SMTP_URL'])
        delete env[name];
      base = `http://127.0.0.1:${env.PORT}`;
      const lines = readmeBlock();
      expect(lines.some((line) => line.includes('provision'))).toBe(true);

      for (const line of lines) {
        if (/^createdb\b/.test(line)) {
          database = await createTestDatabase();
          continue;
        }
        const exported = /^export (\w+)=(.*)$/.exec(line);
        if (exported) {
          const [, name, value] = exported as unknown as [string, string, string];
          if (name === 'DATABASE_URL') env[name] = database!.url;
          else if (name === 'SMTP_URL') env[name] = `smtp://provider:segreto@127.0.0.1:${smtpPort}`;
          else {
            // The value as the shell gives it ($(openssl rand -hex 32) included).
            const evaluated = spawnSync('bash', ['-c', `printf %s ${value}`], { encoding: 'utf8' });
            expect(evaluated.status, evaluated.stderr).toBe(0);
            env[name] = evaluated.stdout;
          }
          continue;
        }
        if (/^npm install\b/.test(line)) continue;
        if (line.endsWith('&')) {
          server = spawn('bash', ['-c', `exec ${line.slice(0, -1).trim()}`], { env });
          server.stdout!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
          server.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
          await waitFor(`il server su ${base} (log: ${serverLog.slice(-2000)})`, async () => {
            if (server!.exitCode !== null) throw new Error(`il server è uscito:\n${serverLog}`);
            const answer = await fetch(`${base}/api/openapi.json`).catch(() => null);
            return answer?.ok ? true : undefined;
          });
          continue;
        }
        // Not spawnSync: the SMTP server the commands mail to lives in this process's event loop.
        const run = await runLine(line, env);
        expect(run.status, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
        outputs.set(line, run.stdout);
      }
      // The secret the block made (`openssl rand -hex 32`) is what the server started with.
      expect(env.TICKET_SECRET).toMatch(/^[0-9a-f]{64}$/);

      // What the operator read: the people of the document and the employee, waiting for their first sign-in.
      const users = [...outputs].find(([line]) => line.includes(' users'))![1];
      for (const email of [
        'giovanna.ferrari@fabbrica.example.com',
        'marco.conti@fabbrica.example.com',
        'luca.bassi@fabbrica.example.com',
      ])
        expect(users).toContain(email);
    });

    const post = async (url: string, body: unknown, token?: string) => {
      const answer = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const mailTo = (email: string, after = 0) =>
      waitFor(`una mail a ${email}`, () => mails.slice(after).find((mail) => mail.to === email));
    const setPassword = async (email: string, password: string, codiceFiscale: string) => {
      const welcome = await mailTo(email);
      const token = /\/password-lost\/fabbrica\/([A-Za-z0-9_-]{43})/.exec(welcome.text)?.[1];
      expect(token, welcome.text).toBeDefined();
      const set = await post(`/api/password_lost_reset/${token}`, {
        new_passwd: password,
        passwd_confirm: password,
        cod_fisc: codiceFiscale,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    };

    /** First sign-in: the mailed code enrols the app, whose codes confirm and then sign in; the session. */
    const enrolAndSignIn = async (email: string, password: string): Promise<string> => {
      const signIn = () => post('/api/api-token-ckey', { akey: akeyOf(email, password) });
      const before = mails.length;
      const enrol = await signIn();
      expect(enrol.status, JSON.stringify(enrol.body)).toBe(200);
      expect(enrol.body.type).toBe('ENROLL_OTP');
      const code = /\b(\d{6})\b/.exec((await mailTo(email, before)).text)?.[1];
      const verified = await post('/api/api-token-otp-verify', {
        check_token: enrol.body['check-token'],
        otp: code,
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      const secret = String(verified.body.secret);
      // The previous step's code confirms, the current one signs in: both inside the server's window.
      const step = currentStep();
      const confirmed = await post('/api/api-token-confirm', {
        check_token: verified.body.check_token,
        otp: totpAt(secret, step - 1),
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const auth = await signIn();
      expect(auth.body.type).toBe('AUTH_OTP');
      const login = await post('/api/api-token-otp', {
        check_token: auth.body['check-token'],
        otp: totpAt(secret, Math.max(step, currentStep())),
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      return String(login.body.token);
    };
    const get = async (url: string, token: string) => {
      const answer = await fetch(`${base}${url}`, { headers: { authorization: `Token ${token}` } });
      return { status: answer.status, body: (await answer.json()) as unknown };
    };

    it('the referent sets her password from the mail, enrols TOTP with the mailed code and runs her back office', async () => {
      const email = 'giovanna.ferrari@fabbrica.example.com';
      await setPassword(email, 'Fabbrica!2027', 'FRRGNN80D52F205G');
      const token = await enrolAndSignIn(email, 'Fabbrica!2027');
      const companies = await get('/api/aziende_referente', token);
      expect(companies.status).toBe(200);
      const names = (companies.body as { nome: string }[]).map((c) => c.nome).sort();
      expect(names).toEqual(['Fabbrica Italiana S.p.A.', 'Fabbrica Servizi S.r.l.']);
    });

    it('the employee the block added sets his password, enrols his second factor and signs in to the portal', async () => {
      const email = 'luca.bassi@fabbrica.example.com';
      await setPassword(email, 'Fabbrica!2027b', 'BSSLCU85M01L219Q');
      const token = await enrolAndSignIn(email, 'Fabbrica!2027b');
      const me = await get('/api/get-logged-user-info', token);
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(JSON.stringify(me.body)).toContain(email);
      // His menu answers with the grants of his profile (reference data, written at start).
      const menu = await get('/api/get_menu_perms', token);
      expect(menu.status, JSON.stringify(menu.body)).toBe(200);
      expect(Object.keys(menu.body as object).length).toBeGreaterThan(0);
    });
  },
);
