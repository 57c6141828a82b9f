/**
 * `loan-calculator` (ui:field on `importo_interessi` of the loan interest form, spec 001 §4, §5, §9):
 * interest share, number of holders, the computed maximum, the full/partial choice and the amount,
 * written together so they never disagree.
 *
 * - The interest share is a euro input (same keystroke filter as `amount`).
 * - Holders: at least 1; a lower value resets to 1 at once, a blank one when the input loses focus
 *   (until then the maximum is computed for 1).
 * - Maximum = 90% of the interest divided by the holders, rounded to cents (`loanMaximumCents`, the
 *   rules' own function), shown read-only and written to `importo_max_rimb`.
 * - `massima` sets the amount to the maximum and warns when the maximum exceeds the credit;
 *   `parziale` shows an amount input capped at the maximum, with the amount-vs-credit warning.
 */
import { Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { loanInterest } from '../../../../config/forms';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { euro, formatCents } from '../../../shared/money';
import { engineContext } from '../../form-kit';
import { isRequestForm } from '../../../shared/forms/kinds';
import { loanMaximumCents } from '../../../shared/forms/loan';
import { creditWarningText, typedCents } from '../common/euro';
import { EuroInput } from '../common/euro-input';
import { AlertText, errorNode, mergeErrors } from '../common/field-errors';
import { useLatestCallback } from '../common/use-latest';

/** The sibling fields the calculator fills (payload of 001 §3 "Interest"). */
const HOLDERS = 'intestatari';
const MAXIMUM = 'importo_max_rimb';
const CHOICE = 'quant_rimb';

type Choice = 'massima' | 'parziale';

interface LoanState {
  interest: string | undefined;
  holders: number;
  choice: Choice;
  amount: string | undefined;
}

/** The maximum (cents) for an interest text and holders; null without an interest amount. */
export function maximumFor(interest: string | undefined, holders: number): number | null {
  const cents = typedCents(interest);
  return cents === null ? null : loanMaximumCents(cents, holders);
}

/** Every field of the calculator from its inputs: maximum derived, amount set or capped by the choice. */
export function loanFields(
  state: LoanState,
  amountField: string,
  interestField: string,
): Record<string, unknown> {
  const maximumCents = maximumFor(state.interest, state.holders);
  const maximum = maximumCents === null ? undefined : formatCents(maximumCents);
  let amount = state.amount;
  if (state.choice === 'massima') amount = maximum;
  else {
    const cents = typedCents(amount);
    if (maximumCents !== null && cents !== null && cents > maximumCents) amount = maximum;
  }
  return {
    [interestField]: state.interest,
    [HOLDERS]: state.holders,
    [MAXIMUM]: maximum,
    [CHOICE]: state.choice,
    [amountField]: amount,
  };
}

/** The calculator's inputs as they are in the form data. */
export function loanState(
  data: Readonly<Record<string, unknown>>,
  interestField: string,
  amountField: string,
): LoanState {
  const interest = data[interestField];
  const holders = data[HOLDERS];
  return {
    interest: typeof interest === 'string' && interest !== '' ? interest : undefined,
    holders:
      typeof holders === 'number' && holders >= loanInterest.minHolders ? holders : loanInterest.minHolders,
    choice: data[CHOICE] === 'parziale' ? 'parziale' : 'massima',
    amount: typeof data[amountField] === 'string' ? (data[amountField] as string) : undefined,
  };
}

function property(root: RJSFSchema, name: string): RJSFSchema {
  const schema = root.properties?.[name];
  return typeof schema === 'object' ? schema : {};
}

export function LoanCalculatorField(props: FieldProps) {
  const context = engineContext(props);
  const { formData: data, creditCents, declaration, errorsFor, submitting } = context;
  const root = props.registry.rootSchema;
  const interestField = props.name;
  // The calculator writes the debited amount: it belongs in request forms only.
  const amountField = isRequestForm(declaration) ? declaration.amountField : 'importo';
  const id = props.fieldPathId.$id;
  const disabled = Boolean(props.disabled || props.readonly || submitting);
  const holdersSchema = property(root, HOLDERS);

  const current = loanState(context.formData, interestField, amountField);
  const maximumCents = maximumFor(current.interest, current.holders);

  // Computed from the latest data, not this render's: the typed interest reaches the form in a
  // transition, and a holders change made meanwhile must not write back the older interest.
  const update = useLatestCallback((patch: Partial<LoanState>) =>
    context.updateFields([interestField, HOLDERS, MAXIMUM, CHOICE, amountField], (latest) =>
      loanFields({ ...loanState(latest, interestField, amountField), ...patch }, amountField, interestField),
    ),
  );
  const onInterest = useLatestCallback((interest: string | undefined) => update({ interest }));
  const onAmount = useLatestCallback((amount: string | undefined) => update({ amount }));

  // Data that comes from elsewhere (defaults, a replay) is brought in line with the calculator once.
  const expected = loanFields(current, amountField, interestField);
  const inconsistent = [HOLDERS, MAXIMUM, CHOICE, amountField].some((key) => expected[key] !== data[key]);
  useEffect(() => {
    if (inconsistent) update({});
  }, [inconsistent, update]);

  // A blank holders input shows blank while it has focus; the form already counts 1.
  const [holdersBlank, setHoldersBlank] = useState(false);
  const maxHolders = typeof holdersSchema.maximum === 'number' ? holdersSchema.maximum : undefined;
  const onHolders = (value: number | string) => {
    if (value === '') {
      setHoldersBlank(true);
      update({ holders: loanInterest.minHolders });
      return;
    }
    setHoldersBlank(false);
    const typed = Math.trunc(Number(value));
    // Lower values reset to the minimum at once (001 §5); the schema's maximum caps the others.
    const holders =
      Number.isFinite(typed) && typed >= loanInterest.minHolders ? typed : loanInterest.minHolders;
    update({ holders: maxHolders === undefined ? holders : Math.min(holders, maxHolders) });
  };

  const interestErrors = mergeErrors(props.rawErrors, errorsFor(interestField));
  const maximumErrors = mergeErrors(
    errorsFor(MAXIMUM),
    current.choice === 'massima' ? errorsFor(amountField) : [],
  );
  const fullOverCredit = current.choice === 'massima' && maximumCents !== null && maximumCents > creditCents;

  return (
    <Stack gap="md">
      <EuroInput
        id={id}
        name={id}
        label={props.schema.title}
        required={props.required}
        disabled={disabled}
        maxLength={props.schema.maxLength}
        value={current.interest}
        onValueChange={onInterest}
        error={interestErrors.length > 0 ? interestErrors.join(' ') : undefined}
      />
      <NumberInput
        id={`${id}-${HOLDERS}`}
        label={holdersSchema.title}
        required
        disabled={disabled}
        value={holdersBlank ? '' : current.holders}
        onChange={onHolders}
        onBlur={() => setHoldersBlank(false)}
        min={loanInterest.minHolders}
        max={maxHolders}
        // The reset to 1 is done in onHolders: Mantine's strict clamping would just refuse the keystroke.
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        error={errorNode(errorsFor(HOLDERS))}
      />
      <Stack gap={4}>
        <Text fw={600} aria-live="polite" data-testid="loan-maximum">
          {formatFormMessage('formLoanMaximum', { n: euro(maximumCents ?? 0) })}
        </Text>
        {maximumErrors.length > 0 && (
          <Text size="sm" c="red.8">
            <AlertText>{maximumErrors.join(' ')}</AlertText>
          </Text>
        )}
      </Stack>
      <Radio.Group
        id={`${id}-${CHOICE}`}
        label={property(root, CHOICE).title}
        value={current.choice}
        onChange={(value) => update({ choice: value === 'parziale' ? 'parziale' : 'massima' })}
        error={errorNode(errorsFor(CHOICE))}
      >
        <Group gap="lg" mt="xs">
          <Radio value="massima" label={formMessages.formLoanFull} disabled={disabled} />
          <Radio value="parziale" label={formMessages.formLoanPartial} disabled={disabled} />
        </Group>
      </Radio.Group>
      {fullOverCredit && (
        <Text size="sm" c="red.8">
          <AlertText>{formatFormMessage('formLoanFullOverCredit', { n: euro(creditCents) })}</AlertText>
        </Text>
      )}
      {current.choice === 'parziale' && (
        <EuroInput
          id={`${id}-${amountField}`}
          name={`${id}-${amountField}`}
          label={property(root, amountField).title}
          required
          disabled={disabled}
          value={current.amount}
          onValueChange={onAmount}
          maxCents={maximumCents ?? undefined}
          warnAboveCents={creditCents}
          warning={creditWarningText(declaration, creditCents) ?? undefined}
          error={errorsFor(amountField).join(' ') || undefined}
        />
      )}
    </Stack>
  );
}
