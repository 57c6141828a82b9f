/**
 * The expired password (spec 000 §4 "AUTH or MAIL codes"): after the renewal mail was asked for, a
 * modal says so; only its button closes it, and then the page reloads to the login.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import { showBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { reloadToLogin } from './reload-to-login';
import { requestExpiredPasswordRenewal } from './sign-in-flow';

function ExpiredPasswordContent({ detail, onOk }: { detail: string; onOk: () => void }) {
  return (
    <Stack gap="md">
      <Text>{messages.loginPasswordExpiredText}</Text>
      {detail && <Text fw={600}>{detail}</Text>}
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
  let detail = '';
  if (email.trim() !== '') {
    try {
      detail = await requestExpiredPasswordRenewal(email, customer);
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
        detail={detail}
        onOk={() => {
          modals.close(modalId);
          reloadToLogin(customer);
        }}
      />
    ),
  });
}
