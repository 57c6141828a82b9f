/**
 * A request's document shown inline (issue 26): its blob from `GET /api/operatore/documenti/{id}`
 * through the API client (the session's headers), a PDF drawn page by page (`pdf-pages.ts`: the CSP
 * frames no blob) or an image; its object address is released when it is hidden. Nothing else of the
 * portal viewed documents inline.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye, IconEyeOff, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OperatoreRichiesta } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { formatDateTime } from '../../../shared/dates';
import classes from './operator.module.css';
import { operatorDocumentQueryOptions } from './operator-api';

type Document = OperatoreRichiesta['documenti'][number];

/** An object address of the blob while it is shown, released after. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function DocumentContent({ document }: { document: Document }) {
  const file = useQuery(operatorDocumentQueryOptions(document.id));
  const url = useObjectUrl(file.data?.blob);
  if (file.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {messages.opDocumentLoadFailed}
      </Alert>
    );
  }
  if (!url || !file.data) return <Loader size="sm" aria-label={messages.loading} />;
  const title = formatTableMessage('opDocumentFrame', { name: document.nome_file });
  if (document.mime === 'application/pdf') return <PdfView blob={file.data.blob} name={document.nome_file} />;
  return <img src={url} alt={title} className={classes.image} />;
}

/** The PDF's pages on canvases (`pdf-pages.ts`, its own chunk with pdfjs-dist). */
function PdfView({ blob, name }: { blob: Blob; name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ failed: boolean; pages: number | null }>({
    failed: false,
    pages: null,
  });
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let live = true;
    void import('./pdf-pages')
      .then(async ({ drawPdf, MAX_PAGES }) => {
        const pages = await drawPdf(blob, container, (n, total) =>
          formatTableMessage('opDocumentPage', { name, n, total }),
        );
        if (live) setState({ failed: false, pages: pages > MAX_PAGES ? MAX_PAGES : null });
      })
      .catch((error: unknown) => {
        console.warn('PDF not drawn', error);
        if (live) setState({ failed: true, pages: null });
      });
    return () => {
      live = false;
      container.replaceChildren();
    };
  }, [blob, name]);
  return (
    <Stack gap="xs">
      {state.failed && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {messages.opDocumentLoadFailed}
        </Alert>
      )}
      <div
        ref={ref}
        className={classes.pages}
        role="region"
        aria-label={formatTableMessage('opDocumentFrame', { name })}
      />
      {state.pages !== null && (
        <Text size="sm" c="dimmed">
          {formatTableMessage('opDocumentMorePages', { n: state.pages })}
        </Text>
      )}
    </Stack>
  );
}

export function DocumentItem({ document }: { document: Document }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs" component="li" data-testid="operator-document">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconFileText size={20} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {document.nome_file}
            </Text>
            <Text size="sm" c="dimmed">
              {document.tipo} ·{' '}
              {formatTableMessage('opDocumentUploadedOn', { date: formatDateTime(document.caricato_il) })}
            </Text>
          </div>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={
            open ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />
          }
          aria-expanded={open}
          aria-label={
            open ? undefined : formatTableMessage('opDocumentShowLabel', { name: document.nome_file })
          }
          onClick={() => setOpen((value) => !value)}
        >
          {open ? messages.opDocumentHide : messages.opDocumentShow}
        </Button>
      </Group>
      {open && <DocumentContent document={document} />}
    </Stack>
  );
}
