/**
 * "I Miei Files" (site-archivio-files, spec 002 §2.7, §3, §5, §8): the user's documents grouped by
 * purchase (`GET /api/files_utente`), each with the thumbnail the server made, filtered by purchase id,
 * purchase category and file type (Reset disabled while none is set). A file downloads by its
 * `id_resource` under the name the answer gives; a failed download re-enables its button and shows the
 * error box.
 */
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDownload } from '../../components/use-download';
import { formatDate } from '../../../shared/dates';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import type { GruppoFileUtente } from '../../../../schemas/wire-types.gen';
import { apiRequest } from '../../api/client';
import { type FileFilters, userFilesQueryOptions } from '../../api/query-options';

type FileRow = GruppoFileUtente['files'][number];

function DownloadButton({ file }: { file: FileRow }) {
  const download = useDownload();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={download.running}
      aria-label={formatTableMessage('filesDownloadNamed', { name: file.nome_file })}
      onClick={() =>
        void download.run(() =>
          apiRequest(`/download_document/${file.id_resource}`, { responseType: 'blob' }),
        )
      }
      data-testid="file-download"
    >
      {messages.tableDownload}
    </Button>
  );
}

function FileCard({ file }: { file: FileRow }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="file-card">
      <Stack gap="xs" align="center">
        {file.base64_thumb ? (
          <Image
            src={`data:image/png;base64,${file.base64_thumb}`}
            alt={formatTableMessage('filesPreviewOf', { name: file.nome_file })}
            w={120}
            h={150}
            fit="contain"
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}
            data-testid="file-thumb"
          />
        ) : (
          <ThemeIcon size={120} variant="light" color="gray" radius="sm" aria-label={messages.filesNoPreview}>
            {file.mime === 'application/pdf' ? <IconFileTypePdf size={48} /> : <IconPhoto size={48} />}
          </ThemeIcon>
        )}
        <Text size="sm" fw={600} ta="center" style={{ wordBreak: 'break-word' }}>
          {file.nome_file}
        </Text>
        <Text size="xs" c="dimmed" ta="center" data-testid="file-type">
          {file.tipo_file}
        </Text>
        <DownloadButton file={file} />
      </Stack>
    </Card>
  );
}

function uniqueOptions(pairs: readonly (readonly [number | null, string | null])[]) {
  const seen = new Map<string, string>();
  for (const [id, label] of pairs) if (id !== null && label) seen.set(String(id), label);
  return [...seen.entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function FilesScreen() {
  const [filters, setFilters] = useState<FileFilters>({});
  const all = useQuery(userFilesQueryOptions({}));
  const filtered = useQuery(userFilesQueryOptions(filters));
  const any = Object.values(filters).some((value) => value !== undefined);

  const options = useMemo(() => {
    const groups = all.data ?? [];
    return {
      purchases: groups.map((g) => ({ value: String(g.id), label: String(g.id) })),
      categories: uniqueOptions(groups.map((g) => [g.id_categ, g.nome_categ] as const)),
      types: uniqueOptions(groups.flatMap((g) => g.files.map((f) => [f.id_tipo_file, f.tipo_file] as const))),
    };
  }, [all.data]);

  const set = (key: keyof FileFilters) => (value: string | null) =>
    setFilters((current) => ({ ...current, [key]: value === null ? undefined : Number(value) }));
  const valueOf = (key: keyof FileFilters) => (filters[key] === undefined ? null : String(filters[key]));

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="files-page">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.filesTitle}
          </Title>
          <Text c="dimmed">{messages.filesIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="md" shadow="xs">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label={messages.purchaseIdLabel}
              data={options.purchases}
              value={valueOf('id_ordine')}
              onChange={set('id_ordine')}
              placeholder={messages.tableAll}
              clearable
              searchable
              w={{ base: '100%', sm: 160 }}
              comboboxProps={{ withinPortal: false }}
              data-testid="filter-purchase"
            />
            <Select
              label={messages.filesFilterCategory}
              data={options.categories}
              value={valueOf('id_categoria')}
              onChange={set('id_categoria')}
              placeholder={messages.tableAll}
              clearable
              w={{ base: '100%', sm: 260 }}
              comboboxProps={{ withinPortal: false }}
              data-testid="filter-category"
            />
            <Select
              label={messages.filesFilterType}
              data={options.types}
              value={valueOf('id_tipo_file')}
              onChange={set('id_tipo_file')}
              placeholder={messages.tableAll}
              clearable
              w={{ base: '100%', sm: 220 }}
              comboboxProps={{ withinPortal: false }}
              data-testid="filter-type"
            />
            <Button
              variant="default"
              disabled={!any}
              onClick={() => setFilters({})}
              w={{ base: '100%', sm: 'auto' }}
              data-testid="filter-reset"
            >
              {messages.filesReset}
            </Button>
          </Group>
        </Card>
        {filtered.isPending ? (
          <Loader aria-label={messages.loading} />
        ) : filtered.isError ? (
          <Alert color="red" role="alert">
            {messages.contentLoadError}
          </Alert>
        ) : filtered.data.length === 0 ? (
          <Text data-testid="files-empty">{messages.filesEmpty}</Text>
        ) : (
          filtered.data.map((group) => (
            <Card key={group.id} withBorder radius="lg" padding="md" shadow="xs" data-testid="file-group">
              <Stack gap="sm">
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Title order={2} size="h5">
                      {formatTableMessage('filesPurchase', { id: group.id })} – {group.oggetto}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {formatTableMessage('filesPurchaseDate', { date: formatDate(group.created) })}
                      {group.nome_categ ? ` · ${group.nome_categ}` : ''}
                    </Text>
                  </Stack>
                </Group>
                <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
                  {group.files.map((file) => (
                    <FileCard key={file.id_resource} file={file} />
                  ))}
                </SimpleGrid>
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Container>
  );
}
