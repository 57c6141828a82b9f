/**
 * The notifications inbox (route site-notifiche, spec 002 §2.7, §3, §4.3, §7): received or sent
 * messages (`mode` in the URL), server paging, the detail modal, "mark all as read" with a confirmation
 * and the archive modal. The bell leads here.
 */
import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import type { NotificationMode } from '../../api/types';
import { openArchive } from './archive-modal';
import { ModeControl } from './mode-control';
import { confirmMarkAllRead } from './notification-actions';
import { NotificationBoxView } from './notification-box';
import { NOTIFICATION_DEFAULT_PAGE_SIZE } from './notification-paging';

export interface InboxScreenProps {
  mode: NotificationMode;
  onModeChange: (mode: NotificationMode) => void;
}

export function InboxScreen({ mode, onModeChange }: InboxScreenProps) {
  const [paging, setPaging] = useState({ mode, page: 1, pageSize: NOTIFICATION_DEFAULT_PAGE_SIZE });
  // A new mode starts from its first page.
  const page = paging.mode === mode ? paging.page : 1;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.inboxTitle}
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
            <NotificationBoxView
              box="inbox"
              mode={mode}
              page={page}
              pageSize={paging.pageSize}
              onPageChange={(next) => setPaging((state) => ({ ...state, mode, page: next }))}
              onPageSizeChange={(size) => setPaging({ mode, page: 1, pageSize: size })}
            />
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
