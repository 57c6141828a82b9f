/**
 * The expired password (spec 000 §4 "AUTH or MAIL codes"): after the renewal mail was asked for, a
 * modal says so; only its button closes it, and then the page reloads to the login.
 * The user has just signed in, so the text speaks to them (the mail was sent to their address); the
 * server's neutral answer ("Se l'indirizzo è registrato…", the same for any address) is not shown
 * (issue 28).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { showBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { reloadToLogin } from './reload-to-login';
import { requestExpiredPasswordRenewal } from './sign-in-flow';

function ExpiredPasswordContent({ email, onOk }: { email: string; onOk: () => void }) {
  return (
    <Stack gap="md">
      <Text>
        {email ? formatMessage('loginPasswordExpiredText', { email }) : messages.loginPasswordExpiredNoMail}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onOk} data-autofocus>
          {messages.understood}
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks for the renewal mail (when the e-mail is known), shows the confirmation, then reloads to login. */
export async function handleExpiredPassword(email: string, customer: string): Promise<void> {
  const address = email.trim();
  if (address !== '') {
    try {
      await requestExpiredPasswordRenewal(address, customer);
    } catch (error) {
      void showBackendError(error, () => reloadToLogin(customer));
      return;
    }
  }
  const { modals } = await withOverlays();
  const modalId = 'password-expired';
  modals.open({
    modalId,
    title: messages.loginPasswordExpiredTitle,
    closeOnEscape: false,
    closeOnClickOutside: false,
    withCloseButton: false,
    children: (
      <ExpiredPasswordContent
        email={address}
        onOk={() => {
          modals.close(modalId);
          reloadToLogin(customer);
        }}
      />
    ),
  });
}
