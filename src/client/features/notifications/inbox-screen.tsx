/**
 * The notifications inbox (route site-notifiche, spec 002 §2.7, §3, §4.3, §7): received or sent
 * messages (`mode` in the URL), "mark all as read" with a confirmation and the archive modal. The list
 * (server paging, the detail modal, read marks) is the declared `notifications` table
 * (config/tables/notifications.ts) on the table engine. The bell leads here.
 */
import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconChecks } from '@tabler/icons-react';
import { messages } from '../../../../config/messages-account.it';
import { notificationsTable } from '../../../../config/tables';
import type { NotificationMode } from '../../api/types';
import { DataTable } from '../../engine/table';
import { openArchive } from './archive-modal';
import { ModeControl } from './mode-control';
import { confirmMarkAllRead } from './notification-actions';

export interface InboxScreenProps {
  mode: NotificationMode;
  onModeChange: (mode: NotificationMode) => void;
}

export function InboxScreen({ mode, onModeChange }: InboxScreenProps) {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.navNotifications}
          </Title>
          <Text c="dimmed">{messages.inboxIntro}</Text>
        </Stack>

        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <ModeControl value={mode} onChange={onModeChange} />
              <Group gap="sm">
                {mode === 'ricevuti' && (
                  <Button
                    variant="light"
                    leftSection={<IconChecks size={18} aria-hidden="true" />}
                    onClick={() => void confirmMarkAllRead('inbox')}
                  >
                    {messages.inboxMarkAll}
                  </Button>
                )}
                <Button
                  variant="default"
                  leftSection={<IconArchive size={18} aria-hidden="true" />}
                  onClick={() => void openArchive()}
                >
                  {messages.inboxArchive}
                </Button>
              </Group>
            </Group>
            {/* A new mode starts from its first page (the engine's state follows its parameters). */}
            <DataTable
              table={notificationsTable}
              params={{ mode }}
              captionParams={{ mode: mode === 'inviati' ? messages.inboxSent : messages.inboxReceived }}
            />
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
