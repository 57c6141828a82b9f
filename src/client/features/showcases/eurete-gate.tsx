/**
 * The mutual-aid disclaimer (001 §2): before any Eurete showcase, a modal that closes only by its
 * buttons (no backdrop, Escape or header close): the statements, a checkbox, "Prosegui" (enabled once
 * ticked: the agreement is recorded on the server, `POST /api/eurete_disclaimer`, which also sets the
 * session's `eurete_cond_agreed`, and kept in the session store's `session_infos` so the gate is not
 * asked again in this session and the home's conditions box shows it accepted) and "Torna alla home"
 * (menu).
 */
import { Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { messages } from '../../../shared/catalogues/account';
import { ApiError, apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { useSessionStore } from '../../stores/session';

export function EureteGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const agreed = useSessionStore((state) => state.sessionInfos.eurete_cond_agreed);
  const setSessionInfos = useSessionStore((state) => state.setSessionInfos);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);

  const accept = async () => {
    setBusy(true);
    try {
      await apiRequest('/eurete_disclaimer', { method: 'POST', body: {} });
      setSessionInfos({ eurete_cond_agreed: true });
    } catch (error) {
      void showBackendError(error instanceof ApiError ? error.data : error);
    } finally {
      setBusy(false);
    }
  };

  if (agreed) return <>{children}</>;
  return (
    <Modal
      opened
      onClose={() => undefined}
      title={formMessages.formEureteDisclaimerTitle}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md" data-testid="eurete-disclaimer">
        <List spacing="xs">
          <List.Item>
            <Text size="sm">{formMessages.formEureteDisclaimerHolders}</Text>
          </List.Item>
          <List.Item>
            <Text size="sm">{formMessages.formEureteDisclaimerPurpose}</Text>
          </List.Item>
          <List.Item>
            <Text size="sm">{formMessages.formEureteDisclaimerTruth}</Text>
          </List.Item>
        </List>
        <Checkbox
          label={formMessages.formEureteDisclaimerAccept}
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          disabled={busy}
        />
        <ModalActions spread>
          <Button variant="default" onClick={() => void navigate({ to: '/menu' })}>
            {messages.backToHome}
          </Button>
          <Button disabled={!ticked} loading={busy} onClick={() => void accept()}>
            {messages.proceed}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
