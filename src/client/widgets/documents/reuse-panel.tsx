/**
 * "Usa un documento già caricato" (000 §7): the user's earlier documents of the slot's kind; the one
 * chosen is cloned (`clona_allegato_esistente`) so this request gets its own document id. Documents
 * of a type the slot excludes (001 §9) are not offered, as in the type list.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UploadSlot } from '../../../../config/forms/types';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { formatDate } from '../../../shared/dates';
import type { SlotDocument } from '../../form-kit';
import { cloneDocument, existingDocumentsQueryOptions, type ExistingDocument } from './documents-api';
import { errorText } from './error-text';

export interface ReusePanelProps {
  readonly slot: UploadSlot;
  readonly disabled: boolean;
  readonly onChosen: (document: SlotDocument) => void;
  readonly onClose: () => void;
}

export function ReusePanel({ slot, disabled, onChosen, onClose }: ReusePanelProps) {
  const titleId = useId();
  const existing = useQuery(existingDocumentsQueryOptions(slot.file_kind));
  const [cloning, setCloning] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offered = (existing.data ?? []).filter((doc) => !slot.exclude.includes(doc.file_kind_id));

  const choose = async (doc: ExistingDocument) => {
    setCloning(doc.id_documento);
    setError(null);
    try {
      const docId = await cloneDocument(doc.id_documento);
      onChosen({
        doc_id: docId,
        file_kind: slot.file_kind,
        file_kind_id: doc.file_kind_id,
        file_date: doc.file_date,
        label: doc.nome_file,
      });
    } catch (caught) {
      setError(errorText(caught, 'formUploadReuseFailed'));
    } finally {
      setCloning(null);
    }
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="sm" id={titleId}>
            {formMessages.formUploadReuseTitle}
          </Text>
          <Button type="button" variant="subtle" size="compact-sm" onClick={onClose}>
            {formMessages.formUploadReuseClose}
          </Button>
        </Group>
        {existing.isPending && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{formMessages.formUploadReuseLoading}</Text>
          </Group>
        )}
        {existing.isError && (
          <Text size="sm" c="red" role="alert">
            {formMessages.formUploadReuseError}
          </Text>
        )}
        {existing.isSuccess && offered.length === 0 && (
          <Text size="sm">{formMessages.formUploadNoExisting}</Text>
        )}
        {offered.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {offered.map((doc) => (
              <li key={doc.id_documento} data-testid={`existing-${doc.id_documento}`}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="center">
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {doc.nome_file}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {doc.tipo} · {formatDate(doc.file_date)}
                    </Text>
                  </Stack>
                  <Button
                    type="button"
                    size="xs"
                    variant="light"
                    disabled={disabled || (cloning !== null && cloning !== doc.id_documento)}
                    loading={cloning === doc.id_documento}
                    aria-label={formatFormMessage('formUploadReuseUseNamed', { name: doc.nome_file })}
                    onClick={() => void choose(doc)}
                  >
                    {formMessages.formUploadReuseUse}
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
