import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../config/messages.it';

describe('message catalogue', () => {
  it('keeps the spec texts verbatim', () => {
    expect(messages.sessionExpired).toBe('Sessione scaduta effettuare nuovamente il login.');
    expect(messages.pageNotFound).toBe('Siamo spiacenti, questa pagina non esiste.');
    expect(messages.backendErrorTitle).toBe('Errore.');
    expect(messages.backendErrorIntro).toBe('Si è verificato un errore, il sistema riporta:');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('bellMany', { n: 3 })).toBe('Hai 3 nuove notifiche');
    expect(formatMessage('bellMany')).toBe('Hai {n} nuove notifiche');
  });

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
  });
});

describe('catalogues layered on the portal one', () => {
  it('the account catalogue adds its own keys and never overrides a portal text', async () => {
    const account = await import('../../config/messages-account.it');
    for (const [key, text] of Object.entries(messages))
      expect(account.messages[key as keyof typeof messages]).toBe(text);
    expect(Object.keys(account.messages).length).toBeGreaterThan(Object.keys(messages).length);
  });

  it('the server catalogue adds only the form texts and api* keys on top of the account one', async () => {
    const account = await import('../../config/messages-account.it');
    const forms = await import('../../config/messages-forms.it');
    const server = await import('../../config/messages-api.it');
    for (const [key, text] of Object.entries({ ...account.messages, ...forms.formMessages })) {
      expect(server.messages[key as keyof typeof server.messages]).toBe(text);
    }
    const own = Object.keys(server.messages).filter(
      (key) => !(key in account.messages) && !(key in forms.formMessages),
    );
    expect(own.length).toBeGreaterThan(20);
    for (const key of own) expect(key, key).toMatch(/^api[A-Z]/);
  });

  it('form texts are all form* keys and do not shadow another catalogue', async () => {
    const account = await import('../../config/messages-account.it');
    const forms = await import('../../config/messages-forms.it');
    for (const key of Object.keys(forms.formMessages)) {
      expect(key, key).toMatch(/^form[A-Z]/);
      expect(key in account.messages, key).toBe(false);
    }
  });
});
