/**
 * The conventions disclaimer (spec 002 §2.1): shown until the user accepts. Accepting needs the box
 * ticked; the acceptance is kept in the session and on the server (`conv_special_agreed`); "Torna alla
 * home" goes to the menu. The modal closes only through its buttons.
 */
import { Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { messages } from '../../../shared/catalogues/account';
import { ApiError } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { useSessionStore } from '../../stores/session';
import {
  acceptDisclaimer,
  agreedInSession,
  agreedQueryOptions,
  keepAgreedInSession,
  sellersKeys,
} from './sellers-api';

export function DisclaimerGate() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setSessionInfos = useSessionStore((state) => state.setSessionInfos);
  const storedAgreed = useSessionStore((state) => state.sessionInfos.conv_special_agreed);
  const [inSession, setInSession] = useState(agreedInSession);
  const server = useQuery({ ...agreedQueryOptions(), enabled: !inSession });
  const [ticked, setTicked] = useState(false);
  const accept = useMutation({
    mutationFn: acceptDisclaimer,
    onSuccess: (answer) => {
      keepAgreedInSession();
      queryClient.setQueryData(sellersKeys.agreed, answer);
      setInSession(true);
      // The home's conditions read the session infos: they say "accepted" at once.
      setSessionInfos({ conv_special_agreed: true });
    },
    onError: (error) => void showBackendError(error instanceof ApiError ? error.data : error),
  });

  const agreed = inSession || server.data?.conv_special_agreed === true;
  if (server.data?.conv_special_agreed === true && !inSession) keepAgreedInSession();
  useEffect(() => {
    if (server.data?.conv_special_agreed === true && !storedAgreed)
      setSessionInfos({ conv_special_agreed: true });
  }, [server.data?.conv_special_agreed, storedAgreed, setSessionInfos]);
  const opened = !agreed && (inSession || server.isSuccess || server.isError);

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title={formMessages.formSellersDisclaimerTitle}
      data-testid="sellers-disclaimer"
    >
      <Stack gap="md">
        <List spacing="xs" size="sm">
          <List.Item>{formMessages.formSellersDisclaimerBeneficiaries}</List.Item>
          <List.Item>{formMessages.formSellersDisclaimerPurpose}</List.Item>
        </List>
        <Text size="sm">{formMessages.formSellersDisclaimerTruthful}</Text>
        <Checkbox
          label={formMessages.formEureteDisclaimerAccept}
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          data-testid="sellers-disclaimer-check"
        />
        <ModalActions>
          <Button variant="default" onClick={() => void navigate({ to: '/menu' })}>
            {messages.backToHome}
          </Button>
          <Button disabled={!ticked} loading={accept.isPending} onClick={() => accept.mutate()}>
            {formMessages.formSellersDisclaimerAccept}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
