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
