import { describe, expect, it } from 'vitest';
import { formatCents, formatEuro, formatWireEuro, isEuroInput, parseCents } from '../../src/shared/money';

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

  it('round-trips every cent value of a range', () => {
    for (let cents = -300; cents <= 300; cents++) expect(parseCents(formatCents(cents))).toBe(cents);
  });

  it('formats for people in Italian', () => {
    expect(formatEuro(150000).replace(/\s/g, ' ')).toBe('1.500,00 €');
    expect(formatWireEuro('800.00').replace(/\s/g, ' ')).toBe('800,00 €');
    expect(formatWireEuro(null).replace(/\s/g, ' ')).toBe('0,00 €');
  });
});
