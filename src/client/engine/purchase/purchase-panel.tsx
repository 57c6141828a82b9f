/**
 * A declared purchase (config/purchases) on screen, without rjsf: the amount (fixed, one of the cuts,
 * or a free amount within its limits), the boxes to tick, the PIN and credit checks against the
 * declared balance with their warnings, and the buy button that runs the purchase flow. A product
 * screen puts its own description around it; the panel needs no per-product code.
 */
import { Alert, Box, Button, Checkbox, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { euro, formatCents, formatEuro, parseCents } from '../../../shared/money';
import { useItalianAmount } from '../../components/use-italian-amount';
import type { PurchaseDeclaration } from '../../../../config/purchases/types';
import { creditQueryOptions } from '../../api/query-options';
import {
  allowedCuts,
  amountFieldOf,
  checkPurchase,
  freeLimitParams,
  purchaseBody,
  purchaseCall,
  type PurchaseErrors,
} from '../../../shared/purchases';
import { usePurchaseCompleted } from './purchase-completed';
import { PurchaseOverlay, usePurchaseFlow } from './purchase-flow';
import { messages } from '../../../shared/catalogues/account';

export interface PurchasePanelProps {
  readonly declaration: PurchaseDeclaration;
  /** Whether the user has an identifying PIN (`pin_exists`); read only when the declaration requires one. */
  readonly pinExists?: boolean;
  /** After the success dialog (and the follow-up): by default the credit is refreshed and the menu opens. */
  readonly onCompleted?: () => void;
  /**
   * The cuts the screen offers (wire amounts, e.g. a server's `buoni_disp`): only the declared cuts among
   * them are shown; none gives the declaration's `noneOffered` text and no Buy.
   */
  readonly offered?: readonly string[];
  /** Buy stays disabled whatever is chosen (001 §2: appaga's send button). */
  readonly buyDisabled?: boolean;
}

export function PurchasePanel({
  declaration,
  pinExists,
  onCompleted,
  offered,
  buyDisabled = false,
}: PurchasePanelProps) {
  const creditQuery = useQuery(creditQueryOptions());
  const toMenu = usePurchaseCompleted();
  const flow = usePurchaseFlow(onCompleted ?? toMenu);
  const declaredCuts = allowedCuts(declaration);
  const offeredCents = offered?.map((wire) => parseCents(wire));
  const cuts =
    declaredCuts && offeredCents ? declaredCuts.filter((cut) => offeredCents.includes(cut)) : declaredCuts;
  const noneOffered = declaration.amount.kind === 'cuts' && cuts !== null && cuts.length === 0;
  const [chosen, setAmount] = useState<string>(
    declaration.amount.kind === 'fixed' ? declaration.amount.importo : '',
  );
  // A free amount is typed the Italian way ("1.234,50"); the body carries the wire amount.
  const free = useItalianAmount();
  const amount = declaration.amount.kind === 'free' ? free.wire : chosen;
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<PurchaseErrors>({});

  if (creditQuery.isPending) return <Loader aria-label={formMessages.formLoading} />;
  if (creditQuery.isError)
    return (
      <Alert color="red" role="alert">
        {formMessages.formLoadError}
      </Alert>
    );

  const creditCents = parseCents(creditQuery.data[declaration.balance]) ?? 0;
  const amountCents = parseCents(amount);
  const overCredit = amountCents !== null && amountCents > creditCents;
  const pinMissing = declaration.requiresPin === true && pinExists !== true;
  const amountField = amountFieldOf(declaration);
  const amountError = errors[amountField]?.[0];
  const clearError = (field: string) =>
    setErrors((previous) => {
      const next = { ...previous };
      delete next[field];
      return next;
    });

  const buy = async () => {
    if (declaration.amount.kind === 'free' && free.problem) {
      setErrors({ [amountField]: [formMessages.formAmountItalian] });
      return;
    }
    const body = purchaseBody(declaration, { amount, ticked });
    const check = checkPurchase(declaration, body);
    setErrors(check.errors);
    if (Object.keys(check.errors).length > 0 || check.amountCents === null || pinMissing) return;
    await flow.run({
      call: purchaseCall(declaration),
      body,
      balance: declaration.balance,
      creditCents,
      amountCents: check.amountCents,
      successText: formMessages[declaration.texts.success],
      after: declaration.after,
    });
  };

  return (
    <Box data-testid={`purchase-${declaration.name}`}>
      <Stack gap="md">
        {declaration.amount.kind === 'fixed' && (
          <Group justify="space-between" wrap="nowrap">
            <Text>{messages.amount}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatEuro(cuts?.[0] ?? 0)}
            </Text>
          </Group>
        )}
        {noneOffered && (
          <Alert color="yellow" role="alert" data-testid="purchase-none-offered">
            {formMessages[declaration.texts.noneOffered ?? 'formPurchaseAmountNotACut']}
          </Alert>
        )}
        {declaration.amount.kind === 'cuts' && !noneOffered && (
          <Radio.Group
            label={formMessages.formPurchaseCutsLabel}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              clearError(amountField);
            }}
            error={amountError}
          >
            <Group gap="md" mt="xs">
              {(cuts ?? []).map((cut) => (
                <Radio
                  key={cut}
                  value={formatCents(cut)}
                  label={formatEuro(cut)}
                  disabled={flow.submitting}
                />
              ))}
            </Group>
          </Radio.Group>
        )}
        {declaration.amount.kind === 'free' && (
          <TextInput
            label={messages.amount}
            description={formatFormMessage('formPurchaseFreeHint', freeLimitParams(declaration)!)}
            inputMode="decimal"
            rightSection="€"
            value={free.text}
            error={amountError}
            disabled={flow.submitting}
            onChange={(event) => {
              free.onChange(event.currentTarget.value);
              clearError(amountField);
            }}
            onBlur={() => {
              free.onBlur();
              if (free.problem)
                setErrors((previous) => ({ ...previous, [amountField]: [formMessages.formAmountItalian] }));
            }}
          />
        )}
        {declaration.ticks.map((tick) => (
          <Checkbox
            key={tick.field}
            label={formMessages[tick.label]}
            checked={ticked[tick.field] === true}
            error={errors[tick.field]?.[0]}
            disabled={flow.submitting}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setTicked((previous) => ({ ...previous, [tick.field]: checked }));
              clearError(tick.field);
            }}
          />
        ))}
        {overCredit && (
          <Alert color="red" role="alert" data-testid="purchase-over-credit">
            {formatFormMessage(declaration.texts.overCredit, { n: euro(creditCents) })}
          </Alert>
        )}
        {pinMissing && (
          <Alert color="yellow" role="alert" data-testid="purchase-pin-missing">
            {formMessages.formPurchasePinMissing}
          </Alert>
        )}
        <Button
          size="md"
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-end' }}
          disabled={overCredit || pinMissing || noneOffered || buyDisabled}
          loading={flow.submitting}
          onClick={() => void buy()}
        >
          {formMessages[declaration.texts.buy ?? 'formPurchaseBuy']}
        </Button>
      </Stack>
      <PurchaseOverlay visible={flow.submitting} />
    </Box>
  );
}
