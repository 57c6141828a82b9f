import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages.it';
import { formatMessage } from '../../src/shared/catalogues/account';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { formatText, formatterOf } from '../../src/shared/messages';
import { euro, type Money } from '../../src/shared/money';

describe('message catalogue', () => {
  it('keeps the spec texts verbatim', () => {
    expect(messages.sessionExpired).toBe('Sessione scaduta effettuare nuovamente il login.');
    expect(messages.pageNotFound).toBe('Siamo spiacenti, questa pagina non esiste.');
    expect(messages.backendErrorTitle).toBe('Errore.');
    expect(messages.backendErrorIntro).toBe('Si è verificato un errore, il sistema riporta:');
  });

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
  });
});

describe('the message formatter', () => {
  const NBSP = '\u00a0';

  it('fills placeholders with texts and numbers, every occurrence', () => {
    expect(formatMessage('bellMany', { n: 3 })).toBe('Hai 3 nuove notifiche');
    expect(formatText('{a} e {b}, ancora {a}', { a: 'uno', b: 2 })).toBe('uno e 2, ancora uno');
  });

  it('writes a money parameter as people read euro, whatever its size or sign', () => {
    const fmt = formatterOf({ credit: 'Credito: {n:euro}.' } as const);
    expect(fmt('credit', { n: euro(123_450) })).toBe(`Credito: 1.234,50${NBSP}€.`);
    expect(fmt('credit', { n: euro(5) })).toBe(`Credito: 0,05${NBSP}€.`);
    expect(fmt('credit', { n: euro(150_000) })).toBe(`Credito: 1.500,00${NBSP}€.`);
    expect(fmt('credit', { n: euro(-30_000) })).toBe(`Credito: -300,00${NBSP}€.`);
  });

  it('gives the spec warning its number in the Italian format ("... che è di 1.234,50 €.")', () => {
    expect(formatFormMessage('formAmountOverCredit', { n: euro(123_450) })).toBe(
      `Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di 1.234,50${NBSP}€. Non sarai in grado di completare la richiesta.`,
    );
  });

  it('leaves a missing parameter visible instead of a blank', () => {
    expect(formatText('Hai {n} nuove notifiche')).toBe('Hai {n} nuove notifiche');
    expect(formatText('Di {n:euro}', {})).toBe('Di {n:euro}');
  });

  it('never prints a raw amount where money is expected: a text for {n:euro} stays a placeholder', () => {
    // The compiler refuses it (the parameter is a Money); this is what a caller outside TypeScript gets.
    const raw = '300.00' as unknown as Money;
    expect(formatText('Di {n:euro}', { n: raw })).toBe('Di {n:euro}');
    // And a Money given for a plain placeholder is not printed as an object.
    expect(formatText('{n} notifiche', { n: euro(100) as unknown as string })).toBe('{n} notifiche');
  });

  it('checks keys and parameters at compile time', () => {
    const fmt = formatterOf({ plain: 'Testo', one: 'Ciao {name}', money: 'Di {n:euro}' } as const);
    expect(fmt('plain')).toBe('Testo');
    expect(fmt('one', { name: 'Mario' })).toBe('Ciao Mario');
    // @ts-expect-error a text with a placeholder needs its parameter
    expect(fmt('one')).toBe('Ciao {name}');
    // @ts-expect-error an amount is a Money (euro(cents)), never a wire string
    expect(fmt('money', { n: '300.00' })).toBe('Di {n:euro}');
    // @ts-expect-error a key of another catalogue does not exist here
    expect(fmt('bellMany')).toBe('bellMany');
  });
});
