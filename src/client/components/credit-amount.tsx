import { Text, type TextProps } from '@mantine/core';
import { parseCents, formatWireEuro } from '../../shared/money';

/** Green and red with an AA contrast on white and on light surfaces. */
export const CREDIT_COLORS = { positive: '#1b7a36', negative: '#c92a2a' } as const;

/** Spec 000 §9: a credit is green above 0, otherwise red. */
export function creditTone(value: string | null | undefined): 'positive' | 'negative' {
  const cents = value == null ? null : parseCents(value);
  return cents !== null && cents > 0 ? 'positive' : 'negative';
}

export function CreditAmount({ value, ...props }: { value: string | null | undefined } & TextProps) {
  const tone = creditTone(value);
  return (
    <Text component="span" fw={700} c={CREDIT_COLORS[tone]} data-credit-tone={tone} {...props}>
      {formatWireEuro(value)}
    </Text>
  );
}
