/**
 * The transactional outbox (issue 27; plugins/mail.ts, 190-mail-outbox.sql): a mail written in a
 * transaction leaves only if it commits; the dispatcher sends each mail once, retries a refused one
 * with a growing wait and gives up after the declared attempts; a mail left `sending` by a crash is not
 * sent again within the idempotency window; two instances on one PostgreSQL send each mail once.
 */
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { OUTBOX_RULES } from '../../src/server/plugins/mail';
import {
  backends,
  buildTestApp,
  createTestDatabase,
  NO_POSTGRES_REASON,
  TEST_APP_OPTIONS,
  TEST_DATABASE_URL,
  type TestApp,
} from './helpers';

/** A real nodemailer transport (JSON) that records what it sent and can be told to refuse. */
function recordingTransport() {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const original = transport.sendMail.bind(transport);
  const state = { refuse: 0, sent: [] as Array<{ to: string; subject: string; messageId: string }> };
  transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
    if (state.refuse > 0) {
      state.refuse -= 1;
      throw Object.assign(new Error('421 servizio non disponibile'), { code: 'EENVELOPE' });
    }
    const info = await original(mail);
    const message = JSON.parse(String(info.message)) as {
      to: Array<{ address: string }>;
      subject: string;
      messageId: string;
    };
    state.sent.push({ to: message.to[0]!.address, subject: message.subject, messageId: message.messageId });
    return info;
  }) as typeof transport.sendMail;
  return { transport, state };
}

describe.each(backends)('the mail outbox through SMTP (%s)', (backend) => {
  let t: TestApp;
  const { transport, state } = recordingTransport();

  beforeAll(async () => {
    // A long poll: every dispatch in these tests is one the test asks for (send, idle).
    t = await buildTestApp(backend, { mailTransport: transport, publicUrl: 'https://welfare.example.com' });
  });
  afterAll(async () => t?.close());

  const row = (subject: string) =>
    t.db.selectFrom('outbox').selectAll().where('subject', '=', subject).executeTakeFirst();

  it('sends a mail written outside a transaction at once, once, and clears its text once sent', async () => {
    await t.app.mail.send({ to: 'Mario.Rossi@example.com', subject: 'Subito', text: 'Codice 123456' });
    expect(state.sent.filter((m) => m.subject === 'Subito')).toHaveLength(1);
    const sent = await row('Subito');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, text: '', html: null });
    expect(state.sent.find((m) => m.subject === 'Subito')?.messageId).toBe(
      `<outbox-${sent!.id}@welfare.example.com>`,
    );
    await t.app.mail.idle();
    expect(state.sent.filter((m) => m.subject === 'Subito')).toHaveLength(1);
  });

  it('writes a mail in the caller’s transaction: nothing leaves on a rollback, it leaves after the commit', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await t.app.mail.send(
          { to: 'mario.rossi@example.com', subject: 'Annullata', text: 'x' },
          { db: trx },
        );
        throw new Error('la modifica non va a buon fine');
      }),
    ).rejects.toThrow('la modifica');
    expect(await row('Annullata')).toBeUndefined();

    await t.db.transaction().execute(async (trx) => {
      await t.app.mail.send({ to: 'mario.rossi@example.com', subject: 'Confermata', text: 'y' }, { db: trx });
      // Inside the transaction it is only written: nothing has been sent.
      expect(state.sent.some((m) => m.subject === 'Confermata')).toBe(false);
    });
    expect((await row('Confermata'))?.state).toBe('pending');
    await t.app.mail.idle();
    expect(state.sent.filter((m) => m.subject === 'Confermata')).toHaveLength(1);
    expect((await row('Confermata'))?.state).toBe('sent');
  });

  it('tries a refused mail again after a growing wait, then gives up after the declared attempts', async () => {
    // This instance's clock runs two minutes behind the database's: the wait is still the database's.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() - 120_000);
    state.refuse = 1;
    await t.app.mail.send({ to: 'mario.rossi@example.com', subject: 'Riprova', text: 'z' });
    const first = await row('Riprova');
    expect(first).toMatchObject({ state: 'pending', attempts: 1, last_error: 'EENVELOPE' });
    // Measured on the database's clock, the one the dispatcher compares with.
    const { wait } = await sql<{ wait: number }>`
      SELECT extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM outbox WHERE id = ${first!.id}`
      .execute(t.db)
      .then((r) => r.rows[0]!);
    expect(wait).toBeGreaterThan(OUTBOX_RULES.backoffSeconds - 5);
    // Not due yet: idle() does not send it early.
    await t.app.mail.idle();
    expect(state.sent.some((m) => m.subject === 'Riprova')).toBe(false);
    // Due: the next attempt sends it.
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date() })
      .where('id', '=', first!.id)
      .execute();
    await t.app.mail.idle();
    expect(await row('Riprova')).toMatchObject({ state: 'sent', attempts: 2 });
    expect(state.sent.filter((m) => m.subject === 'Riprova')).toHaveLength(1);

    state.refuse = OUTBOX_RULES.attempts;
    await t.app.mail.send({ to: 'mario.rossi@example.com', subject: 'Mai', text: 'w' });
    for (let attempt = 2; attempt <= OUTBOX_RULES.attempts; attempt++) {
      const waiting = await row('Mai');
      expect(waiting).toMatchObject({ state: 'pending', attempts: attempt - 1 });
      await t.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date() })
        .where('id', '=', waiting!.id)
        .execute();
      await t.app.mail.idle();
    }
    expect(await row('Mai')).toMatchObject({ state: 'failed', attempts: OUTBOX_RULES.attempts });
    expect(state.sent.some((m) => m.subject === 'Mai')).toBe(false);
    state.refuse = 0;
  });

  it('does not send again, within the idempotency window, a mail a crash left claimed but unmarked', async () => {
    // As a crash between the SMTP answer and the mark leaves it: claimed a minute ago, still `sending`.
    const inserted = await t.db
      .insertInto('outbox')
      .values({
        mail_to: 'mario.rossi@example.com',
        subject: 'Forse inviata',
        text: 't',
        state: 'sending',
        attempts: 1,
        claimed_at: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.mail.idle();
    expect(state.sent.some((m) => m.subject === 'Forse inviata')).toBe(false);
    expect((await row('Forse inviata'))?.state).toBe('sending');
    // Past the window it goes again (the first send may never have happened).
    await t.db
      .updateTable('outbox')
      .set({ claimed_at: new Date(Date.now() - (OUTBOX_RULES.idempotencyWindowSeconds + 60) * 1000) })
      .where('id', '=', inserted.id)
      .execute();
    await t.app.mail.idle();
    expect(state.sent.filter((m) => m.subject === 'Forse inviata')).toHaveLength(1);
    expect((await row('Forse inviata'))?.state).toBe('sent');
  });

  it('keeps the demo mailbox to the mails kept without SMTP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual([]);
  });
});

describe('the mail outbox on two instances of one PostgreSQL database', () => {
  it.skipIf(!TEST_DATABASE_URL)(
    'sends each waiting mail once, whichever instance takes it',
    async () => {
      if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
      const created = await createTestDatabase('demo');
      const recorders = [recordingTransport(), recordingTransport()];
      const apps = await Promise.all(
        recorders.map(({ transport }) =>
          buildApp({
            ...TEST_APP_OPTIONS,
            databaseUrl: created.url,
            demo: true,
            seedDemo: false,
            mailTransport: transport,
          }),
        ),
      );
      try {
        await sql`INSERT INTO outbox (mail_to, subject, text, state)
          SELECT 'utente' || n || '@example.com', 'Lotto ' || n, 'testo', 'pending'
          FROM generate_series(1, 60) AS n`.execute(apps[0]!.db);
        await Promise.all(apps.map((app) => app.mail.idle()));
        const sent = recorders.flatMap(({ state }) => state.sent.map((m) => m.subject));
        expect(sent.filter((s) => s.startsWith('Lotto ')).sort()).toEqual(
          Array.from({ length: 60 }, (_, i) => `Lotto ${i + 1}`).sort(),
        );
        const left = await apps[0]!.db
          .selectFrom('outbox')
          .select('id')
          .where('subject', 'like', 'Lotto %')
          .where('state', '!=', 'sent')
          .execute();
        expect(left).toEqual([]);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await created.drop();
      }
    },
    60_000,
  );
});
