/**
 * Internal messaging (route office-mess-interna, spec 002 §2.8, §5, §7, §8): the referent chooses the
 * company (switcher), the recipients among its employees with an active contract, writes the message
 * in the rich-text editor (a counter of the HTML characters, red above 8,000) and sends it; Send is
 * enabled only with a recipient and a valid text. A toast says it went; the "sent messages" and
 * "archive" modals list what the company sent. Loading and sending failures show the §8 texts with
 * the server's messages.
 */
import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconMailForward, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatMessage, messages } from '../../../../shared/catalogues/account';
import { flattenBackendError } from '../../../components/backend-error-box';
import { withOverlays } from '../../../components/overlay-host';
import { refreshTables } from '../../../engine/table';
import { CompanySwitcher } from '../../../components/company-switcher';
import { useSessionStore } from '../../../stores/session';
import { MessageEditor, type EditorChange } from './message-editor';
import { recipientsQueryOptions, sendInternalMessage } from './messages-api';
import { RecipientChecklist } from './recipient-checklist';
import { MESSAGE_MAX_CHARS, messageState } from './rules';
import { openSentMessages } from './sent-modals';

export function MessagingScreen() {
  const actFor = useSessionStore((state) => state.sessionInfos.act_for);
  const companyId = actFor?.id ?? null;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.messTitle}
          </Title>
          <Text c="dimmed">{messages.messIntro}</Text>
        </Stack>
        <CompanySwitcher />
        {/* Another company: the recipients and the draft start again. */}
        <MessageComposer key={companyId ?? 'own'} companyId={companyId} />
      </Stack>
    </Container>
  );
}

const newKey = () => `mess-${crypto.randomUUID()}`;

function MessageComposer({ companyId }: { companyId: number | null }) {
  const queryClient = useQueryClient();
  const recipients = useQuery(recipientsQueryOptions(companyId));
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [text, setText] = useState<EditorChange>({ html: '', hasText: false });
  const [resetKey, setResetKey] = useState(0);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const counterId = useId();
  const state = messageState(selected.size, text.html, text.hasText);

  const send = useMutation({
    mutationFn: () =>
      sendInternalMessage({ destinatari: [...selected], messaggio: text.html }, companyId, idempotencyKey),
    onSuccess: async () => {
      const n = selected.size;
      setSelected(new Set());
      setText({ html: '', hasText: false });
      setResetKey((k) => k + 1);
      setIdempotencyKey(newKey());
      void refreshTables(queryClient, ['internal-messages']);
      const { notifications } = await withOverlays();
      notifications.show({
        color: 'green',
        message: n === 1 ? messages.messSentTextOne : formatMessage('messSentText', { n }),
        autoClose: 6000,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': messages.close },
      });
    },
  });

  const hint = state.tooLong
    ? formatMessage('messTooLong', { limit: MESSAGE_MAX_CHARS })
    : selected.size === 0
      ? messages.messNeedRecipient
      : state.empty
        ? messages.messNeedText
        : null;

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} aria-hidden="true" />}
          onClick={() => void openSentMessages('sent', companyId)}
        >
          {messages.messSentButton}
        </Button>
        <Button
          variant="default"
          leftSection={<IconArchive size={18} aria-hidden="true" />}
          onClick={() => void openSentMessages('archive', companyId)}
        >
          {messages.inboxArchive}
        </Button>
      </Group>

      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {messages.inboxColRecipients}
            </Title>
            <Text size="sm" c="dimmed">
              {messages.messRecipientsHelp}
            </Text>
          </Stack>
          {recipients.isPending ? (
            <Skeleton height={200} aria-label={messages.loading} />
          ) : recipients.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {messages.messRecipientsError} {flattenBackendError(recipients.error).join(' ')}
            </Alert>
          ) : (
            <RecipientChecklist
              recipients={recipients.data}
              selected={selected}
              onChange={setSelected}
              disabled={send.isPending}
            />
          )}
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {messages.messText}
          </Title>
          <MessageEditor
            resetKey={resetKey}
            onChange={setText}
            invalid={state.tooLong}
            describedBy={counterId}
            disabled={send.isPending}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text
              id={counterId}
              size="sm"
              c={state.tooLong ? 'red.8' : 'dimmed'}
              fw={state.tooLong ? 700 : undefined}
              data-testid="message-counter"
              data-too-long={state.tooLong ? 'true' : 'false'}
            >
              {formatMessage('messCounter', { n: state.length, limit: MESSAGE_MAX_CHARS })}
            </Text>
            <Button
              leftSection={<IconSend size={18} aria-hidden="true" />}
              disabled={!state.canSend || companyId === null}
              loading={send.isPending}
              onClick={() => send.mutate()}
              data-testid="message-send"
            >
              {messages.messSend}
            </Button>
          </Group>
          {hint && (
            <Text size="sm" c={state.tooLong ? 'red.8' : 'dimmed'} role={state.tooLong ? 'alert' : undefined}>
              {hint}
            </Text>
          )}
          {send.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {messages.messSendError} {flattenBackendError(send.error).join(' ')}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
