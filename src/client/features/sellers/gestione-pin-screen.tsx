/**
 * The identifying PIN (gestione-pin, spec 002 §2.6, §4.3): whether one exists, and a new one made on
 * request (after a confirmation when one exists: it invalidates the old one). The PIN goes by e-mail and
 * is never shown here.
 */
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { constants } from '../../../../config/constants';
import { formMessages } from '../../../../config/messages-forms.it';
import { messages } from '../../../shared/catalogues/account';
import { ApiError } from '../../api/client';
import { OnceButton, openAnswerDialog } from '../../components/answer-dialog';
import { showBackendError } from '../../components/backend-error-box';
import { ButtonLink } from '../../components/button-link';
import { ModalActions } from '../../components/modal-actions';
import { generatePin, pinQueryOptions, sellersKeys } from './sellers-api';

async function confirmNewPin(): Promise<boolean> {
  const { result } = await openAnswerDialog<boolean>(
    'pin-confirm',
    formMessages.formSellersPinConfirmTitle,
    (answer) => (
      <Stack gap="md">
        <Text>{formMessages.formSellersPinConfirm}</Text>
        <ModalActions>
          <Button variant="default" onClick={() => answer(false)}>
            {messages.cancel}
          </Button>
          <OnceButton onClick={() => answer(true)} initialFocus testId="pin-confirm-proceed">
            {messages.proceed}
          </OnceButton>
        </ModalActions>
      </Stack>
    ),
  );
  return result;
}

export function GestionePinScreen() {
  const queryClient = useQueryClient();
  const pin = useQuery(pinQueryOptions());
  const [sent, setSent] = useState(false);
  const generate = useMutation({
    mutationFn: generatePin,
    onSuccess: (answer) => {
      queryClient.setQueryData(sellersKeys.pin, answer);
      setSent(true);
    },
    onError: (error) => void showBackendError(error instanceof ApiError ? error.data : error),
  });

  const start = async () => {
    if (pin.data?.pin_exists && !(await confirmNewPin())) return;
    setSent(false);
    generate.mutate();
  };

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {formMessages.formSellersPinTitle}
          </Title>
          <Text>{formMessages.formSellersPinIntro}</Text>
          {pin.isPending ? (
            <Loader aria-label={formMessages.formShowcaseLoading} />
          ) : pin.isError ? (
            <Alert color="red" role="alert">
              {formMessages.formSellersPinUserError}
            </Alert>
          ) : (
            <Alert color={pin.data.pin_exists ? 'green' : 'yellow'} data-testid="pin-status">
              {pin.data.pin_exists ? formMessages.formSellersPinExists : formMessages.formSellersPinMissing}
            </Alert>
          )}
          {sent && (
            <Alert color="blue" role="status" data-testid="pin-sent">
              {formMessages.formSellersPinSent}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <ButtonLink
              to="/sellers/home-fornitori"
              search={{ provincia: constants.sellersNoProvince }}
              variant="default"
            >
              {formMessages.formSellersBackToSuppliers}
            </ButtonLink>
            <Button
              leftSection={<IconKey size={18} aria-hidden="true" />}
              loading={generate.isPending}
              disabled={!pin.isSuccess}
              onClick={() => void start()}
              data-testid="pin-generate"
            >
              {pin.data?.pin_exists ? formMessages.formPinGenerate : formMessages.formSellersPinGenerate}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
