/**
 * "Password dimenticata?" (spec 000 §2 Login, §7): the e-mail -> `POST /api/password_lost` with
 * the customer and the portal's address (the server builds the link from it). The answer is the
 * same whether the address exists or not, and is shown as it comes.
 * Rendered by the lazily mounted modals host, outside the router: no router hooks here.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import { useSessionStore } from '../../stores/session';
import type { Detail } from '../../../../schemas/wire-types.gen';

/** A plausible e-mail address: something@domain.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}

function PasswordLostForm({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail.trim());
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const valid = isEmailAddress(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      const reply = await apiRequest<Detail>('/password_lost', {
        method: 'POST',
        body: {
          user_email: email.trim(),
          customer: useSessionStore.getState().customer,
          interface_url: window.location.origin,
        },
      });
      setAnswer(reply?.detail || messages.apiPasswordResetRequested);
    } catch (error) {
      void showBackendError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (answer !== null) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
          {answer}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {messages.close}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.passwordLostModalTitle}>
      <Stack gap="md">
        <Text size="sm">{messages.passwordLostModalIntro}</Text>
        <TextInput
          label={messages.passwordLostEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid ? messages.passwordLostEmailInvalid : undefined}
        />
        <ModalActions>
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {messages.close}
          </Button>
          <Button type="submit" loading={submitting} disabled={!valid}>
            {messages.passwordLostSubmit}
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}

/** Opens the modal; the e-mail typed in the login form, if any, is filled in. */
export async function openPasswordLostModal(initialEmail = ''): Promise<string> {
  const { modals } = await withOverlays();
  const modalId = 'password-lost';
  modals.open({
    modalId,
    title: messages.passwordLostModalTitle,
    children: <PasswordLostForm initialEmail={initialEmail} onClose={() => modals.close(modalId)} />,
  });
  return modalId;
}
