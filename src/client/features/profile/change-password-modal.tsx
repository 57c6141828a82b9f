/**
 * Change password from the profile (spec 000 §2 Profile, §5 New password): new password and
 * confirmation with the spec's messages, submit disabled while either is invalid,
 * `POST /api/password_change` -> the new expiry (DD-MM-YYYY) in a success notice.
 * Rendered by the modals host, outside the router.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { formatDate } from '../../../shared/dates';
import { apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { NewPasswordFields, useNewPassword } from '../../components/new-password-fields';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import type { PasswordExpiry } from '../../../../schemas/wire-types.gen';

export const CHANGE_PASSWORD_MODAL_ID = 'change-password';

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const newPassword = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const [expiry, setExpiry] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.valid || submitting) return;
    setSubmitting(true);
    try {
      const answer = await apiRequest<PasswordExpiry>('/password_change', {
        method: 'POST',
        body: { new_passwd: newPassword.password, passwd_confirm: newPassword.confirmation },
      });
      setExpiry(answer?.pass_expiry_date ?? '');
    } catch (error) {
      void showBackendError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (expiry !== null) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
          {formatMessage('passwordSaved', { date: formatDate(expiry) || '-' })}
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
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.passwordChangeTitle}>
      <Stack gap="md">
        <Text size="sm">{messages.passwordIntro}</Text>
        <NewPasswordFields {...newPassword.fieldsProps} focusFirst />
        <ModalActions>
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {messages.close}
          </Button>
          <Button type="submit" loading={submitting} disabled={!newPassword.valid}>
            {messages.passwordSubmit}
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}

export async function openChangePasswordModal(): Promise<string> {
  const { modals } = await withOverlays();
  modals.open({
    modalId: CHANGE_PASSWORD_MODAL_ID,
    title: messages.passwordChangeTitle,
    children: <ChangePasswordForm onClose={() => modals.close(CHANGE_PASSWORD_MODAL_ID)} />,
  });
  return CHANGE_PASSWORD_MODAL_ID;
}
