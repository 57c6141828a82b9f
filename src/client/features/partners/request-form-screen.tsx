/**
 * conv-request-form (spec 002 §2.1): opens the external on-demand request form (the installation's
 * address, `GET /api/indirizzi_esterni`) in a new tab, then returns to the menu. A button opens it: a
 * window opened without the user's gesture would be blocked. An installation without the form says so
 * instead of offering a button that leads nowhere.
 */
import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formMessages } from '../../../../config/messages-forms.it';
import { partnerTitle, requestForm } from '../../../../config/partners';
import { externalLinksQueryOptions } from '../../api/query-options';
import { openInNewTab } from '../../engine/partner/handoff';

export function RequestFormScreen() {
  const navigate = useNavigate();
  const links = useQuery(externalLinksQueryOptions());
  const address = links.data?.richiesta_convenzione ?? null;
  const open = (url: string) => {
    openInNewTab(new URL(url, window.location.href).toString());
    void navigate({ to: '/menu', replace: true });
  };
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {partnerTitle(requestForm)}
          </Title>
          {links.isPending && <Loader aria-label={formMessages.formLoading} />}
          {links.isError && (
            <Alert color="red" role="alert">
              {formMessages.formLoadError}
            </Alert>
          )}
          {links.isSuccess && !address && (
            <Alert color="gray" role="status" data-testid="request-form-unavailable">
              {formMessages.formRequestFormUnavailable}
            </Alert>
          )}
          {address && (
            <>
              <Text>{formMessages.formRequestFormText}</Text>
              <Button
                size="md"
                rightSection={<IconExternalLink size={18} aria-hidden="true" />}
                onClick={() => open(address)}
                data-testid="request-form-open"
              >
                {formMessages.formRequestFormOpen}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
