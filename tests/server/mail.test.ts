import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, json, type TestApp } from './helpers';

describe.each(backends)('mail and the demo outbox (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('keeps mail in the outbox without SMTP and lists it newest first, filtered by recipient', async () => {
    expect(t.app.mail.mode).toBe('outbox');
    await t.app.mail.send({ to: 'Mario.Rossi@example.com', subject: 'Primo', text: 'Uno' });
    await t.app.mail.send({
      to: 'mario.rossi@example.com',
      subject: 'Secondo',
      text: 'Due',
      html: '<p>Due</p>',
    });
    await t.app.mail.send({ to: 'giulia.verdi@example.com', subject: 'Altro', text: 'Tre' });

    const response = await t.request({ method: 'GET', url: '/api/dev/outbox?to=MARIO.ROSSI@example.com' });
    expect(response.statusCode).toBe(200);
    const mails = json<Array<Record<string, unknown>>>(response);
    expect(mails.map((m) => m.subject)).toEqual(['Secondo', 'Primo']);
    expect(mails[0]).toMatchObject({ to: 'mario.rossi@example.com', text: 'Due', html: '<p>Due</p>' });
    expect(typeof mails[0]!.id).toBe('number');
    expect(new Date(String(mails[0]!.created)).toString()).not.toBe('Invalid Date');

    const all = json<unknown[]>(await t.request({ method: 'GET', url: '/api/dev/outbox' }));
    expect(all.length).toBe(3);
  });

  it('refuses unknown query fields on the outbox', async () => {
    const response = await t.request({ method: 'GET', url: '/api/dev/outbox?destinatario=x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json(response))).toEqual(['destinatario']);
  });

  it('shows the mailbox page with mail bodies escaped, so nothing in a mail can run', async () => {
    await t.app.mail.send({
      to: 'laura.bianchi@example.com',
      subject: 'Codice <script>alert(1)</script>',
      text: 'Il tuo codice è 123456',
      html: '<img src=x onerror="alert(1)"><script>alert(2)</script><p>Ciao</p>',
    });
    const response = await t.request({ method: 'GET', url: '/dev/mailbox?to=laura.bianchi@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Il tuo codice è 123456');
    expect(response.body).toContain('Codice &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<img');
  });

  it('refuses addresses that could inject headers or add recipients', async () => {
    for (const to of ['a@b.it\r\nBcc: x@y.it', 'a@b.it, c@d.it', 'nobody', '<a@b.it>']) {
      await expect(t.app.mail.send({ to, subject: 'x', text: 'x' }), to).rejects.toThrow();
    }
  });
});

describe('mail through SMTP', () => {
  let t: TestApp;
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const sent: string[] = [];

  beforeAll(async () => {
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
      const info = await original(mail);
      sent.push(String(info.message));
      return info;
    }) as typeof transport.sendMail;
    t = await buildTestApp('pglite', { mailTransport: transport, publicUrl: 'https://welfare.example.com' });
  });
  afterAll(async () => t?.close());

  it('sends through the transport and keeps nothing in the outbox', async () => {
    expect(t.app.mail.mode).toBe('smtp');
    await t.app.mail.send({
      to: 'mario.rossi@example.com',
      subject: 'Oggetto\r\nX-Injected: 1',
      text: 'Testo',
    });
    expect(sent).toHaveLength(1);
    const message = JSON.parse(sent[0]!) as {
      to: Array<{ address: string }>;
      subject: string;
      from: { address: string };
    };
    expect(message.to[0]!.address).toBe('mario.rossi@example.com');
    expect(message.subject).toBe('Oggetto X-Injected: 1');
    expect(message.from.address).toBe('no-reply@welfare.example.com');
    const outbox = json<unknown[]>(await t.request({ method: 'GET', url: '/api/dev/outbox' }));
    expect(outbox).toEqual([]);
  });
});
