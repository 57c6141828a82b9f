/**
 * A euro amount typed the Italian way in a plain input, outside the form engine (a free purchase
 * amount, the Piattapasto voucher value): the same rules as the form's amount widget (issue 28).
 * "1.234,50", "1234,50", "45,5" and "1234" are amounts, shown "1.234,50" once the field is left; a
 * text that is no amount ("1,234.50", "1.23.4") stays as typed and `problem` says so, never read as
 * another amount. Only a character that can be in no amount is undone; spaces and "€" are dropped.
 */
import { useState } from 'react';
import { formatCents, formatItalianCents, parseCents, parseItalianEuro } from '../../shared/money';

const AMOUNT_CHARACTERS = /^[\d.,]*$/;
const DECORATION = /[\s\u00a0\u202f€]/g;

export interface ItalianAmountField {
  /** What the field shows. */
  text: string;
  /** The amount in cents, or null when empty or not (yet) an amount. */
  cents: number | null;
  /** The wire amount ("1234.50"), or '' when there is none. */
  wire: string;
  /** 'invalid': no amount whatever follows; 'partial': not an amount as it stands ("1.23"). */
  problem: 'invalid' | 'partial' | null;
  onChange(text: string): void;
  onBlur(): void;
}

export function useItalianAmount(initialWire?: string | null): ItalianAmountField {
  const [text, setText] = useState(() => {
    const cents = initialWire ? parseCents(initialWire) : null;
    return cents === null ? '' : formatItalianCents(cents);
  });
  const parsed = parseItalianEuro(text);
  const cents = parsed.kind === 'amount' ? parsed.cents : null;
  return {
    text,
    cents,
    wire: cents === null ? '' : formatCents(cents),
    problem: parsed.kind === 'invalid' || parsed.kind === 'partial' ? parsed.kind : null,
    onChange(next) {
      const cleaned = next.replace(DECORATION, '');
      if (AMOUNT_CHARACTERS.test(cleaned)) setText(cleaned);
    },
    onBlur() {
      if (cents !== null) setText(formatItalianCents(cents));
    },
  };
}
