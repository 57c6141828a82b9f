/**
 * The catalogues (config/messages*.it.ts): one shape (keyed texts, `{name}` and `{name:euro}`
 * placeholders), each text written once across all of them, layered as the bundles load them.
 */
import { describe, expect, it } from 'vitest';
import { messages as firstPaint } from '../../config/messages.it';
import { accountMessages, messages as account } from '../../config/messages-account.it';
import { formMessages } from '../../config/messages-forms.it';
import { tableMessages, messages as tables } from '../../config/messages-tables.it';
import { apiMessages, messages as server } from '../../config/messages-api.it';

const catalogues: Record<string, Readonly<Record<string, string>>> = {
  'messages.it.ts': firstPaint,
  'messages-account.it.ts': accountMessages,
  'messages-forms.it.ts': formMessages,
  'messages-tables.it.ts': tableMessages,
  'messages-api.it.ts': apiMessages,
};

const entries = Object.entries(catalogues).flatMap(([file, texts]) =>
  Object.entries(texts).map(([key, text]) => ({ file, key, text })),
);

describe('no text is written twice', () => {
  it('the same text never sits under two keys, in one catalogue or across them', () => {
    const byText = new Map<string, string[]>();
    for (const { file, key, text } of entries)
      byText.set(text, [...(byText.get(text) ?? []), `${file} ${key}`]);
    const twice = [...byText]
      .filter(([, where]) => where.length > 1)
      .map(([text, where]) => `${text}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('the same key is never declared in two catalogues', () => {
    const byKey = new Map<string, string[]>();
    for (const { file, key } of entries) byKey.set(key, [...(byKey.get(key) ?? []), file]);
    const twice = [...byKey]
      .filter(([, files]) => files.length > 1)
      .map(([key, files]) => `${key}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('fails on a duplicate (the check itself)', () => {
    const texts = new Set<string>();
    const duplicated = [...entries, { file: 'x', key: 'y', text: firstPaint.sessionExpired }].some(
      ({ text }) => texts.size === texts.add(text).size,
    );
    expect(duplicated).toBe(true);
  });
});

describe('one shape', () => {
  it('has no empty text and only {name} or {name:euro} placeholders', () => {
    for (const { file, key, text } of entries) {
      expect(text.trim(), `${file} ${key}`).not.toBe('');
      for (const [placeholder] of text.matchAll(/\{[^}]*\}/g))
        expect(placeholder, `${file} ${key}`).toMatch(/^\{\w+(:euro)?\}$/);
    }
  });

  it('never writes an amount by hand: money is a {name:euro} parameter', () => {
    for (const { file, key, text } of entries) {
      // "{n} euro", "{n} €", "300.00 euro", "5.164,57 euro": the formatter writes amounts, not the text.
      expect(text, `${file} ${key}`).not.toMatch(/\{\w+\}\s*(euro|€)|\d\s*(euro|€)/i);
    }
  });
});

describe('catalogues layered as the bundles load them', () => {
  it('account = first paint + account texts; tables = account + table texts', () => {
    expect(account).toEqual({ ...firstPaint, ...accountMessages });
    expect(tables).toEqual({ ...account, ...tableMessages });
  });

  it('the server sees account, form and api texts; its own keys are api*, the form keys form*', () => {
    expect(server).toEqual({ ...account, ...formMessages, ...apiMessages });
    for (const key of Object.keys(apiMessages)) expect(key).toMatch(/^api[A-Z]/);
    for (const key of Object.keys(formMessages)) expect(key).toMatch(/^form[A-Z]/);
  });
});
