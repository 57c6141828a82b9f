/**
 * Password page (spec 000 §2, §5, §7): one form in mode lost or expired, reached from the
 * recovery e-mail. `GET password_{lost|expired}_reset/{token_hash}` answers `auth_method`: `otp`
 * (the authenticator code) or `cod_fisc` (the tax code, 16 characters); the POST sets the password
 * and answers the new expiry, shown as DD-MM-YYYY with a button to the customer's login.
 * A bad link shows the server's message and the advice about the link.
 */
import { Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { formatDate } from '../../../shared/dates';
import { apiRequest } from '../../api/client';
import { flattenBackendError, showBackendError } from '../../components/backend-error-box';
import { QueryProvider } from '../../components/query-provider';
import { useSessionStore } from '../../stores/session';
import { ButtonLink } from '../../components/button-link';
import { NewPasswordFields, useNewPassword } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { taxCodeError, usesOneTimeCode } from '../../components/password-rules';
import { OtpInput, useCodeField } from './otp-input';
import { PublicCard } from './public-card';
import type { PasswordExpiry, PasswordResetMethod } from '../../../../schemas/wire-types.gen';

export type PasswordMode = 'lost' | 'expired';

type ResetInfo = PasswordResetMethod;
type ResetAnswer = PasswordExpiry;

const resetPath = (mode: PasswordMode, tokenHash: string) =>
  `/password_${mode}_reset/${encodeURIComponent(tokenHash)}`;

/** The login of the link's customer (the route made it the current one). */
function BackToLogin({ primary = false }: { primary?: boolean }) {
  const customer = useSessionStore((state) => state.customer);
  return (
    <ButtonLink
      to="/login/$"
      params={{ _splat: customer }}
      search={{}}
      variant={primary ? 'filled' : 'light'}
      size="md"
      fullWidth
    >
      {messages.loginGoToLogin}
    </ButtonLink>
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
  const newPassword = useNewPassword();
  const code = useCodeField();
  const [taxCode, setTaxCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [savedUntil, setSavedUntil] = useState<string | null>(null);

  const taxCodeProblem = withCode ? null : taxCodeError(taxCode);
  const invalid = !newPassword.valid || (withCode ? !code.valid : Boolean(taxCodeProblem));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || submitting) return;
    setSubmitting(true);
    try {
      const passwords = { new_passwd: newPassword.password, passwd_confirm: newPassword.confirmation };
      const body = withCode ? { ...passwords, otp: code.value } : { ...passwords, cod_fisc: taxCode };
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
        <BackToLogin primary />
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{messages.passwordIntro}</Text>
        <NewPasswordFields {...newPassword.fieldsProps} />
        {withCode ? (
          <OtpInput
            label={messages.loginCodeLabel}
            description={messages.passwordOtpHelp}
            size="sm"
            {...code.inputProps}
          />
        ) : (
          <TextInput
            label={messages.profileTaxCode}
            description={messages.passwordTaxCodeHelp}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={screenConstants.taxCodeLength + 4}
            required
            value={taxCode}
            onChange={(event) => setTaxCode(event.currentTarget.value.toUpperCase())}
            error={taxCode !== '' ? taxCodeProblem : undefined}
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
