/**
 * config/purchases (and the test-only purchases of tests/fixtures/purchases, held to the same rules):
 * every declaration is consistent and every reference resolves (ARCHITECTURE.md §4): unique names,
 * route names of config/routes.ts, movement kinds, amounts in the wire format within sane limits,
 * the over-credit text of the paying balance, message keys, body fields that do not collide.
 */
import { describe, expect, it } from 'vitest';
import { messages as serverMessages } from '../../config/messages-api.it';
import { formMessages } from '../../config/messages-forms.it';
import { textOf } from '../../config/texts';
import { movementKindIds } from '../../config/movement-kinds';
import { purchases } from '../../config/purchases';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { isRouteName } from '../../config/routes';
import { parseCents } from '../../src/shared/money';
import { amountFieldOf } from '../../src/shared/purchases';
import { testPurchases } from '../fixtures/purchases/acq-prova';

const WIRE = /^\d+\.\d{2}$/;

function amounts(purchase: PurchaseDeclaration): string[] {
  const { amount } = purchase;
  if (amount.kind === 'fixed') return [amount.importo];
  if (amount.kind === 'cuts') return [...amount.cuts];
  if (amount.kind === 'product') return [];
  return [amount.min, amount.max, amount.step];
}

const all: [string, PurchaseDeclaration][] = [
  ...purchases.map((p): [string, PurchaseDeclaration] => [`config ${p.name}`, p]),
  ...testPurchases.map((p): [string, PurchaseDeclaration] => [`fixture ${p.name}`, p]),
];

describe('purchase declarations', () => {
  it('have unique kebab-case names, in config and fixtures together', () => {
    const names = all.map(([, p]) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('name a route of config/routes.ts (the fixtures stand outside it, gated by their own name)', () => {
    for (const purchase of purchases) expect(isRouteName(purchase.route_name), purchase.name).toBe(true);
    for (const purchase of testPurchases) expect(isRouteName(purchase.route_name), purchase.name).toBe(false);
  });

  for (const [label, purchase] of all) {
    describe(label, () => {
      it('declares a known movement kind and amounts in the wire format', () => {
        expect(movementKindIds as readonly number[]).toContain(purchase.movement.kind);
        expect(textOf(serverMessages, purchase.movement.oggetto).trim()).not.toBe('');
        for (const value of amounts(purchase)) {
          expect(value, value).toMatch(WIRE);
          expect(parseCents(value)).toBeGreaterThan(0);
        }
        if (purchase.amount.kind === 'free') {
          const [min, max, step] = amounts(purchase).map((v) => parseCents(v)!);
          expect(min).toBeLessThanOrEqual(max!);
          expect((max! - min!) % step!).toBe(0);
        }
        if (purchase.amount.kind === 'cuts') {
          expect(new Set(purchase.amount.cuts).size).toBe(purchase.amount.cuts.length);
        }
      });

      it('warns with the text of its balance and names existing message keys', () => {
        const art51c3 = purchase.texts.overCredit === 'formAmountOverCreditArt51c3';
        expect(art51c3).toBe(purchase.balance === 'art51c3');
        const keys = [
          purchase.texts.overCredit,
          purchase.texts.success,
          ...(purchase.texts.buy ? [purchase.texts.buy] : []),
          ...purchase.ticks.map((tick) => tick.label),
        ];
        for (const key of keys) expect(formMessages[key], key).toBeTruthy();
      });

      it('builds a body whose fields do not collide; a follow-up sends only fields of that body', () => {
        const fields = [
          ...Object.keys(purchase.body.constants ?? {}),
          ...purchase.ticks.map((tick) => tick.field),
          ...(purchase.amount.kind === 'fixed' ? [] : [amountFieldOf(purchase)]),
        ];
        expect(new Set(fields).size).toBe(fields.length);
        if (purchase.amount.kind === 'fixed') expect(purchase.body.amountField).toBeUndefined();
        if (purchase.after.kind === 'sso-window') {
          expect(purchase.after.call).toMatch(/^\/[a-z0-9_/-]+$/);
          for (const field of purchase.after.bodyFields) expect(fields).toContain(field);
        }
      });
    });
  }
});
