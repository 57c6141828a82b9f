/**
 * First enrolment (spec 000 §4 Enrolment): 1) the code mailed for the registration ->
 * `POST /api/api-token-otp-verify` -> QR code, secret and a new check token; 2) the user adds the
 * account to an authenticator app (QR or secret typed by hand); 3) the app's 6-digit code ->
 * `POST /api/api-token-confirm`; 4) 'Registrazione completata', then the page reloads to login by
 * itself (or at once with the button), remembering the enrolment's step (enrolment-step.ts).
 * Without QR data the wizard stops with 'Qr code data missing'.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import classes from './enrolment-wizard.module.css';
import { OtpInput, useCodeField } from './otp-input';
import { rememberEnrolment } from './enrolment-step';
import { reloadToLogin } from './reload-to-login';
import { isRetryableCodeError, type EnrolmentAnswer } from './sign-in-flow';
import type { Detail } from '../../../../schemas/wire-types.gen';

/** After 'Registrazione completata' the login comes back by itself after this delay. */
export const ENROLMENT_RELOAD_DELAY_MS = 6_000;

const STEPS = ['enrolStepMail', 'enrolStepApp', 'confirm'] as const;

export interface EnrolmentWizardProps {
  checkToken: string;
  customer: string;
  onRestart: () => void;
}

/** The secret in groups of four characters, easier to read and type. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The verify answer must carry the QR code and the secret (spec 000 §4 Enrolment 5). */
export function checkEnrolmentAnswer(answer: Partial<EnrolmentAnswer> | undefined): EnrolmentAnswer {
  if (!answer?.qr_code || !answer.secret || !answer.check_token) throw new Error(messages.enrolQrMissing);
  return answer as EnrolmentAnswer;
}

/** A code form of the wizard: the field, its submit button and an optional back button. */
function CodeForm({
  label,
  intro,
  requiredMessage,
  submitLabel,
  onSubmit,
  onBack,
}: {
  label: string;
  intro: string;
  requiredMessage?: string;
  submitLabel: string;
  /** Resolves when done; a rejection is shown by the form (and may end the attempt). */
  onSubmit: (code: string) => Promise<void>;
  onBack?: () => void;
}) {
  const code = useCodeField(requiredMessage);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.valid || submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(code.value);
    } catch (error) {
      setSubmitting(false);
      code.reset();
      throw error;
    }
  };

  return (
    <form onSubmit={(event) => void submit(event).catch(() => inputRef.current?.focus())} noValidate>
      <Stack gap="md">
        <Text>{intro}</Text>
        <OtpInput ref={inputRef} label={label} description={messages.loginCodeHelp} {...code.inputProps} />
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={!code.valid}>
          {submitLabel}
        </Button>
        {onBack && (
          <Button variant="subtle" fullWidth onClick={onBack} disabled={submitting}>
            {messages.enrolBack}
          </Button>
        )}
      </Stack>
    </form>
  );
}

function AppSetup({ enrolment, onNext }: { enrolment: EnrolmentAnswer; onNext: () => void }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Stack gap="md">
      <Text ref={headingRef} tabIndex={-1}>
        {messages.enrolAppIntro}
      </Text>
      <img
        src={enrolment.qr_code}
        alt={messages.enrolQrAlt}
        className={classes.qr}
        width={200}
        height={200}
      />
      <Stack gap={6}>
        <Text size="sm">{messages.enrolSecretIntro}</Text>
        <Code className={classes.secret} data-testid="totp-secret" translate="no">
          {groupSecret(enrolment.secret)}
        </Code>
        <Group justify="center">
          <CopyButton value={enrolment.secret} timeout={2500}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                size="sm"
                onClick={copy}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
                color={copied ? 'teal' : undefined}
              >
                {copied ? messages.enrolCopied : messages.enrolCopy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Button size="md" fullWidth onClick={onNext}>
        {messages.enrolNext}
      </Button>
    </Stack>
  );
}

function Completed({ customer }: { customer: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
    const timer = window.setTimeout(() => reloadToLogin(customer), ENROLMENT_RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [customer]);

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
        <Text fw={700}>{messages.enrolCompleted}</Text>
        <Text size="sm">{messages.enrolCompletedText}</Text>
      </Alert>
      <Button ref={buttonRef} size="md" fullWidth onClick={() => reloadToLogin(customer)}>
        {messages.loginGoToLogin}
      </Button>
    </Stack>
  );
}

export function EnrolmentWizard({ checkToken, customer, onRestart }: EnrolmentWizardProps) {
  const [active, setActive] = useState(0);
  const [enrolment, setEnrolment] = useState<EnrolmentAnswer | null>(null);

  /** A failed code: a wrong one can be typed again; otherwise the attempt starts over. */
  const fail = (error: unknown): never => {
    void showBackendError(error, isRetryableCodeError(error) ? undefined : onRestart);
    throw error;
  };

  const verifyMailCode = async (otp: string) => {
    let answer: Partial<EnrolmentAnswer>;
    try {
      answer = await apiRequest<Partial<EnrolmentAnswer>>('/api-token-otp-verify', {
        method: 'POST',
        body: { check_token: checkToken, otp },
      });
    } catch (error) {
      return fail(error);
    }
    try {
      setEnrolment(checkEnrolmentAnswer(answer));
    } catch (error) {
      console.error(messages.enrolQrMissing, error);
      // The mailed code is spent: without the QR data the attempt starts over.
      void showBackendError(messages.enrolQrMissing, onRestart);
      throw error;
    }
    setActive(1);
  };

  const confirmAppCode = async (otp: string) => {
    if (!enrolment) return;
    try {
      await apiRequest<Detail>('/api-token-confirm', {
        method: 'POST',
        body: { check_token: enrolment.check_token, otp },
      });
    } catch (error) {
      return fail(error);
    }
    // The confirming code's step is spent: the sign-in that follows asks for the next code.
    rememberEnrolment();
    setActive(STEPS.length);
  };

  const current = Math.min(active, STEPS.length - 1);
  return (
    <>
      <Title order={1} size="h2" ta="center">
        {messages.enrolTitle}
      </Title>
      {active === 0 && <Text size="sm">{messages.enrolIntro}</Text>}
      {active < STEPS.length && (
        <Text size="sm" fw={600} c="dimmed" aria-live="polite">
          {`${formatMessage('enrolProgress', { n: current + 1, total: STEPS.length })}: ${messages[STEPS[current] ?? 'enrolStepMail']}`}
        </Text>
      )}
      <Stepper active={active} size="sm" classNames={{ stepBody: classes.stepBody }}>
        {STEPS.map((key, index) => (
          <Stepper.Step key={key} label={messages[key]} aria-current={index === active ? 'step' : undefined}>
            {index === 0 && (
              <CodeForm
                label={messages.enrolMailCodeLabel}
                intro={messages.enrolMailIntro}
                submitLabel={messages.enrolVerify}
                onSubmit={verifyMailCode}
              />
            )}
            {index === 1 && enrolment && <AppSetup enrolment={enrolment} onNext={() => setActive(2)} />}
            {index === 2 && (
              <CodeForm
                label={messages.enrolConfirmLabel}
                intro={messages.enrolConfirmIntro}
                requiredMessage={messages.enrolConfirmRequired}
                submitLabel={messages.confirm}
                onSubmit={confirmAppCode}
                onBack={() => setActive(1)}
              />
            )}
          </Stepper.Step>
        ))}
        <Stepper.Completed>
          <Completed customer={customer} />
        </Stepper.Completed>
      </Stepper>
    </>
  );
}
