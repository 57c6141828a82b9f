/**
 * Password page (spec 000 §2, §5, §7): one form in mode lost or expired, reached from the
 * recovery e-mail. `GET password_{lost|expired}_reset/{token_hash}` tells the method that
 * confirms the user (a second-factor code, otherwise the tax code); the POST sets the password.
 * A bad link shows the server's message and the advice about the link.
 */
import { Button, Center, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { constants } from '../../../../config/constants';
import { formatMessage, messages } from '../../../../config/messages.it';
import { formatDate } from '../../../shared/dates';
import { apiRequest } from '../../api/client';
import { flattenBackendError, showBackendError } from '../../components/backend-error-box';
import { QueryProvider } from '../../components/query-provider';
import { useSessionStore } from '../../stores/session';
import { confirmationError, newPasswordError, taxCodeError, usesOneTimeCode } from './password-rules';
import { AnchorLink } from '../../components/anchor-link';
import { Notice } from '../../components/notice';
import { PublicCard } from './public-card';

export type PasswordMode = 'lost' | 'expired';

interface ResetInfo {
  auth_method: string;
}

interface ResetAnswer {
  pass_expiry_date?: string;
}

const resetPath = (mode: PasswordMode, tokenHash: string) =>
  `/password_${mode}_reset/${encodeURIComponent(tokenHash)}`;

function BackToLogin() {
  const customer = useSessionStore((state) => state.customer);
  return (
    <AnchorLink to="/login/$" params={{ _splat: customer }} ta="center" fw={600}>
      {messages.loginGoToLogin}
    </AnchorLink>
  );
}

function BadLink({ lines }: { lines: string[] }) {
  return (
    <Stack gap="md">
      <Notice tone="danger" icon={<IconAlertCircle />}>
        {lines.map((line, index) => (
          <Text key={index} size="sm" fw={600}>
            {line}
          </Text>
        ))}
        <Text size="sm" mt={lines.length > 0 ? 'xs' : 0}>
          {messages.passwordBadLink}
        </Text>
      </Notice>
      <BackToLogin />
    </Stack>
  );
}

function PasswordForm({
  mode,
  tokenHash,
  authMethod,
}: {
  mode: PasswordMode;
  tokenHash: string;
  authMethod: string;
}) {
  const withCode = usesOneTimeCode(authMethod);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [taxCode, setTaxCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [savedUntil, setSavedUntil] = useState<string | null>(null);

  const passwordProblem = newPasswordError(password);
  const confirmationProblem = confirmationError(password, confirmation);
  const codeProblem = withCode ? (code.trim() === '' ? messages.loginRequired : null) : taxCodeError(taxCode);
  const invalid = Boolean(passwordProblem || confirmationProblem || codeProblem);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || submitting) return;
    setSubmitting(true);
    try {
      const body = withCode
        ? { new_passwd: password, passwd_confirm: confirmation, otp: code.trim() }
        : { new_passwd: password, passwd_confirm: confirmation, cod_fisc: taxCode.toUpperCase() };
      const answer = await apiRequest<ResetAnswer>(resetPath(mode, tokenHash), { method: 'POST', body });
      setSavedUntil(answer?.pass_expiry_date ?? '');
    } catch (error) {
      void showBackendError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (savedUntil !== null) {
    return (
      <Stack gap="md">
        <Notice tone="success" icon={<IconCircleCheck />}>
          {formatMessage('passwordSaved', { date: formatDate(savedUntil) || '-' })}
        </Notice>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{messages.passwordIntro}</Text>
        <PasswordInput
          label={messages.passwordNew}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={password !== '' ? passwordProblem : undefined}
          visibilityToggleButtonProps={{ 'aria-label': messages.loginShowPassword }}
        />
        <PasswordInput
          label={messages.passwordConfirm}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={confirmation !== '' ? confirmationProblem : undefined}
          visibilityToggleButtonProps={{ 'aria-label': messages.loginShowPassword }}
        />
        {withCode ? (
          <TextInput
            label={messages.passwordOtp}
            description={messages.passwordOtpHelp}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={constants.otpDigits}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label={messages.passwordTaxCode}
            description={messages.passwordTaxCodeHelp}
            autoComplete="off"
            maxLength={constants.taxCodeLength + 4}
            required
            value={taxCode}
            onChange={(event) => setTaxCode(event.currentTarget.value.toUpperCase())}
            error={taxCode !== '' ? codeProblem : undefined}
          />
        )}
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={invalid}>
          {messages.passwordSubmit}
        </Button>
      </Stack>
    </form>
  );
}

export function PasswordScreen(props: { mode: PasswordMode; tokenHash: string | undefined }) {
  return (
    <QueryProvider>
      <PasswordPage {...props} />
    </QueryProvider>
  );
}

function PasswordPage({ mode, tokenHash }: { mode: PasswordMode; tokenHash: string | undefined }) {
  const check = useQuery({
    queryKey: ['password-reset', mode, tokenHash],
    queryFn: ({ signal }) => apiRequest<ResetInfo>(resetPath(mode, tokenHash ?? ''), { signal }),
    enabled: Boolean(tokenHash),
    retry: false,
    staleTime: Infinity,
  });

  return (
    <PublicCard>
      <Title order={1} size="h2" ta="center">
        {mode === 'lost' ? messages.passwordLostTitle : messages.passwordExpiredTitle}
      </Title>
      <div aria-live="polite">
        {!tokenHash ? (
          <BadLink lines={[]} />
        ) : check.isPending ? (
          <Center>
            <Stack align="center" gap="xs">
              <Loader aria-hidden="true" />
              <Text>{messages.passwordChecking}</Text>
            </Stack>
          </Center>
        ) : check.isError ? (
          <BadLink lines={flattenBackendError(check.error)} />
        ) : (
          <PasswordForm mode={mode} tokenHash={tokenHash} authMethod={check.data.auth_method ?? ''} />
        )}
      </div>
    </PublicCard>
  );
}
