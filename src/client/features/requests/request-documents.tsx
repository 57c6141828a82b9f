/**
 * The documents an operator asked for (issue 26): what was asked, upload slots of the request forms
 * (`UploadSlotCard`: type, date, files checked and merged, progress, or an earlier document reused),
 * one more slot at a time, then `POST /api/richiesta/{id}/documenti` with the documents' ids. On success
 * the request is read again (it is back "in verifica"); a refusal shows the server's own words.
 */
import { Alert, Blockquote, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileAlert, IconPlus, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UploadSlot } from '../../../../config/forms/types';
import { literal } from '../../../../config/texts';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { refreshTables } from '../../engine/table';
import type { SlotDocument } from '../../form-kit';
import { UploadSlotCard } from '../../widgets/documents';
import { addRequestDocuments, requestQueryKey } from './request-api';

/** The most documents one addition takes (the server's `docs.maxItems`). */
const MAX_DOCUMENTS = 8;

const slotOf = (n: number): UploadSlot => ({
  name: `richiesta-doc-${n}`,
  // Already a text (the table catalogue's, numbered): shown as written.
  label: literal(formatTableMessage('requestDocumentSlot', { n })),
  // The kind of the "other documents" slot: every type of justification is offered.
  file_kind: 'doc_extra',
  exclude: [],
  required: n === 1,
});

export function RequestDocuments({ requestId, asked }: { requestId: number; asked: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [slots, setSlots] = useState<number[]>([1]);
  const [documents, setDocuments] = useState<Record<number, SlotDocument | undefined>>({});
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const chosen = slots.flatMap((n) => {
    const document = documents[n];
    return document ? [document.doc_id] : [];
  });
  const allFilled = slots.every((n) => documents[n] !== undefined);

  const send = async () => {
    if (chosen.length === 0) {
      setErrors([messages.requestDocumentsNone]);
      return;
    }
    setSending(true);
    setErrors([]);
    try {
      await addRequestDocuments(requestId, chosen);
    } catch (error) {
      setErrors(flattenBackendError(error));
      setSending(false);
      return;
    }
    const { notifications } = await withOverlays();
    notifications.show({ color: 'green', message: messages.requestDocumentsSent, withCloseButton: true });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: requestQueryKey(requestId) }),
      refreshTables(queryClient, ['my-requests']),
    ]);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId} data-testid="request-documents-asked">
      <Card
        withBorder
        radius="lg"
        padding="lg"
        shadow="xs"
        bg="var(--mantine-color-orange-0)"
        style={{ borderColor: 'var(--mantine-color-orange-5)', borderLeftWidth: 6 }}
      >
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="center">
            <IconFileAlert size={24} color="var(--mantine-color-orange-8)" aria-hidden="true" />
            <Title order={2} size="h4" id={titleId}>
              {messages.requestDocumentsAskedTitle}
            </Title>
          </Group>
          <Text size="sm">{messages.requestDocumentsAskedIntro}</Text>
          <Blockquote
            color="orange"
            p="sm"
            bg="var(--mantine-color-body)"
            data-testid="request-documents-note"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {asked}
          </Blockquote>
          <Text size="sm">{messages.requestDocumentsUploadHelp}</Text>
        </Stack>
      </Card>
      {slots.map((n) => (
        <UploadSlotCard
          key={n}
          slot={slotOf(n)}
          document={documents[n]}
          required={n === 1}
          invalid={false}
          errors={[]}
          disabled={sending}
          onDocument={(document) => {
            setErrors([]);
            setDocuments((current) => ({ ...current, [n]: document }));
          }}
        />
      ))}
      {errors.length > 0 && (
        <Alert color="red" role="alert" p="sm" title={messages.requestDocumentsFailed}>
          <Stack gap={2}>
            {errors.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconSend size={18} aria-hidden="true" />}
          loading={sending}
          onClick={() => void send()}
          data-testid="request-documents-send"
        >
          {messages.requestDocumentsSend}
        </Button>
        {slots.length < MAX_DOCUMENTS && (
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            disabled={sending || !allFilled}
            onClick={() => setSlots((current) => [...current, Math.max(...current) + 1])}
          >
            {messages.requestDocumentAddAnother}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
