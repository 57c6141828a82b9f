import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatEuro,
  formatItalianCents,
  formatWireEuro,
  isEuroInput,
  parseCents,
  parseItalianEuro,
} from '../../src/shared/money';

describe('money', () => {
  it('accepts euro input as the spec defines it: digits, optional dot, up to 2 decimals', () => {
    for (const ok of ['', '0', '12', '12.', '12.5', '12.50', '1000000.99'])
      expect(isEuroInput(ok), ok).toBe(true);
    for (const bad of ['.5', '12.345', '12,50', '-1', '1e3', ' 12', 'abc', '12..5'])
      expect(isEuroInput(bad), bad).toBe(false);
  });

  it('parses wire amounts into integer cents without floating point', () => {
    expect(parseCents('1234.50')).toBe(123450);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('10')).toBe(1000);
    expect(parseCents('-5.25')).toBe(-525);
    expect(parseCents(19.99)).toBe(1999);
    expect(parseCents('1.005')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('')).toBeNull();
  });

  it('formats cents for the wire with two decimals', () => {
    expect(formatCents(123450)).toBe('1234.50');
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-525)).toBe('-5.25');
    expect(formatCents(123456789012345n)).toBe('1234567890123.45');
  });

  it('formats a number the same as the bigint of it, up to the largest safe integer', () => {
    for (const cents of [
      0,
      5,
      10,
      99,
      100,
      101,
      109,
      110,
      999_999,
      -1,
      -10,
      -100,
      -109,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
    ])
      expect(formatCents(cents), String(cents)).toBe(formatCents(BigInt(cents)));
  });

  it('round-trips every cent value of a range', () => {
    for (let cents = -300; cents <= 300; cents++) expect(parseCents(formatCents(cents))).toBe(cents);
  });

  it('formats for people in Italian', () => {
    expect(formatEuro(150000).replace(/\s/g, ' ')).toBe('1.500,00 €');
    expect(formatWireEuro('800.00').replace(/\s/g, ' ')).toBe('800,00 €');
    expect(formatWireEuro(null).replace(/\s/g, ' ')).toBe('0,00 €');
  });

  it('reads amounts typed the Italian way: thousands dots, decimal comma (issue 28)', () => {
    for (const [text, cents] of [
      ['1.234,50', 123450],
      ['1234,50', 123450],
      ['45,5', 4550],
      ['1234', 123400],
      ['1.234', 123400],
      ['1.234.567,89', 123456789],
      ['0,07', 7],
      ['12,', 1200],
      [' 45,50 ', 4550],
    ] as const)
      expect(parseItalianEuro(text), text).toEqual({ kind: 'amount', cents });
    expect(parseItalianEuro('')).toEqual({ kind: 'empty' });
  });

  it('never guesses: ambiguous text is invalid, groups being typed are partial', () => {
    for (const text of [
      '1,234.50',
      '1.23.4',
      '12,345,6',
      '12,345',
      '1.2345',
      '0.123',
      ',5',
      '-5',
      'abc',
      '1e3',
    ])
      expect(parseItalianEuro(text), text).toEqual({ kind: 'invalid' });
    // A dot is no decimal point: "1.23" is on its way to "1.234", never 1,23 €.
    for (const text of ['1.', '1.2', '1.23', '45.50', '12.345.6'])
      expect(parseItalianEuro(text), text).toEqual({ kind: 'partial' });
  });

  it('writes cents the Italian way without the euro sign', () => {
    expect(formatItalianCents(123450)).toBe('1.234,50');
    expect(formatItalianCents(4550)).toBe('45,50');
    expect(formatItalianCents(7)).toBe('0,07');
    expect(formatItalianCents(123456789)).toBe('1.234.567,89');
    expect(formatItalianCents(-123450)).toBe('-1.234,50');
    for (let cents = 0; cents <= 200_000; cents += 997) {
      const read = parseItalianEuro(formatItalianCents(cents));
      expect(read).toEqual({ kind: 'amount', cents });
    }
  });
});
