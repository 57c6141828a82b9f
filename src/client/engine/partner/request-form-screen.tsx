/**
 * conv-request-form (spec 002 §2.1): opens the external on-demand request form (config/partners.ts
 * `requestForm.url`) in a new tab, then returns to the menu. A button opens it: a window opened without
 * the user's gesture would be blocked.
 */
import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { formMessages } from '../../../../config/messages-forms.it';
import { requestForm } from '../../../../config/partners';
import { openInNewTab } from './handoff';

export function RequestFormScreen() {
  const navigate = useNavigate();
  const open = () => {
    openInNewTab(new URL(requestForm.url, window.location.href).toString());
    void navigate({ to: '/menu', replace: true });
  };
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {requestForm.title}
          </Title>
          <Text>{formMessages.formRequestFormText}</Text>
          <Button
            size="md"
            rightSection={<IconExternalLink size={18} aria-hidden="true" />}
            onClick={open}
            data-testid="request-form-open"
          >
            {formMessages.formRequestFormOpen}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
