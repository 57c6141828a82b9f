/**
 * One upload slot (000 §5 "Files", §7; 001 §9): document type (minus the slot's exclusions), date
 * (not in the future), up to 4 files of at most 3 MB that are really JPEG/PNG/PDF; "Carica" sends
 * one file as is or several merged into one PDF, with a progress bar. A filled slot shows what it
 * holds and can be emptied; an empty one can reuse an earlier document.
 */
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendar, IconCircleCheck, IconPaperclip } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import type { UploadSlot } from '../../../../config/forms/types';
import { textOf } from '../../../../config/texts';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { formatDate, romeToday } from '../../../shared/dates';
import { ApiError } from '../../api/client';
import { ItalianDateInput } from '../../components/italian-date-input';
import { ItalianDatesProvider } from '../../components/italian-dates-provider';
import type { SlotDocument, SlotPick } from '../../form-kit';
import { deleteDocument, documentQueryKeys, documentTypesQueryOptions } from './documents-api';
import { errorText } from './error-text';
import { ACCEPTED_FILES, checkSelection, readBytes, type CheckedFile } from './file-type';
import { ReusePanel } from './reuse-panel';
import { uploadDocument } from './upload-request';

export interface UploadSlotCardProps {
  readonly slot: UploadSlot;
  readonly document: SlotDocument | undefined;
  readonly required: boolean;
  /** The `documents` rule failed and this required slot is empty (or the slot has errors of its own). */
  readonly invalid: boolean;
  /** Errors reported under the slot's own name. */
  readonly errors: readonly string[];
  readonly disabled: boolean;
  /** A document was uploaded, reused or removed (undefined). */
  readonly onDocument: (document: SlotDocument | undefined) => void;
  /**
   * Read when the card mounts: true, the card's first control takes the keyboard focus and the card is
   * scrolled into view (a slot that a choice of the user just added).
   */
  readonly focusOnMount?: RefObject<boolean>;
  /** What the slot held before «Carica» when it mounts (a restored draft): type, date and files again. */
  readonly pick?: SlotPick;
  /** The type, date or files changed (undefined once the slot holds a document): the engine's draft keeps them. */
  readonly onPick?: (pick: SlotPick | undefined) => void;
  /** The device is offline: the choices stay, «Carica», the reuse and the removal wait. */
  readonly offline?: boolean;
}

type Phase =
  | { readonly step: 'idle' }
  | { readonly step: 'merging' }
  | { readonly step: 'uploading'; readonly percent: number };

interface FieldErrors {
  readonly type?: string;
  readonly date?: string;
  readonly files?: string;
}

/** The card's first control that takes the keyboard focus. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), button:not([disabled]), textarea:not([disabled]), select:not([disabled])';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The file sent: the only one as chosen, or several merged into one PDF named after the first. */
async function fileToSend(files: readonly CheckedFile[]): Promise<File> {
  const [first] = files;
  if (!first) throw new Error('no file');
  if (files.length === 1) return first.file;
  // pdf-lib is loaded only when there is something to merge.
  const { mergeToPdf } = await import('./merge-pdf');
  const sources = await Promise.all(
    files.map(async ({ file, type }) => ({ bytes: await readBytes(file), type })),
  );
  const merged = await mergeToPdf(sources);
  const base = first.file.name.replace(/\.[^.]*$/, '') || first.file.name;
  return new File([merged], `${base}.pdf`, { type: 'application/pdf' });
}

export function UploadSlotCard({
  slot,
  document,
  required,
  invalid,
  errors: slotErrors,
  disabled,
  onDocument,
  focusOnMount,
  pick,
  onPick,
  offline = false,
}: UploadSlotCardProps) {
  const ids = useId();
  const cardRef = useRef<HTMLElement>(null);
  /** The focus to take once the types are there (the type select is disabled until then). */
  const focusFrom = useRef<{ active: Element | null } | null>(null);
  const titleId = `${ids}-title`;
  const helpId = `${ids}-help`;
  const queryClient = useQueryClient();
  const types = useQuery(documentTypesQueryOptions(slot.file_kind));
  useEffect(() => {
    const card = cardRef.current;
    if (!focusOnMount?.current || !card) return;
    card.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    // (`document` is the slot's document here: the page is the card's ownerDocument.)
    focusFrom.current = { active: card.ownerDocument.activeElement };
    // Once, when the card appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const pending = focusFrom.current;
    const card = cardRef.current;
    if (!pending || !card || types.isPending) return;
    focusFrom.current = null;
    // Unless the user has gone elsewhere meanwhile: the focus stays where they put it.
    const page = card.ownerDocument;
    const active = page.activeElement;
    if (active !== pending.active && active !== page.body && active !== null) return;
    card.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  }, [types.isPending]);
  const offeredTypes = (types.data ?? [])
    .filter((type) => !slot.exclude.includes(type.id))
    .map((type) => ({ value: String(type.id), label: type.nome }));

  const [typeId, setTypeId] = useState<string | null>(pick?.typeId ?? null);
  const [date, setDate] = useState<string | null>(pick?.date ?? null);
  const [files, setFiles] = useState<readonly CheckedFile[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [removing, setRemoving] = useState(false);
  const [reuseOpen, setReuseOpen] = useState(false);
  const resetFileInput = useRef<() => void>(null);
  const upload = useRef<AbortController | null>(null);
  // Selections are checked asynchronously (magic bytes): only the latest one may land.
  const selection = useRef(0);

  useEffect(() => () => upload.current?.abort(), []);

  // The engine keeps what is chosen in the form's draft.
  const reportPick = useRef(onPick);
  useEffect(() => {
    reportPick.current = onPick;
  });
  useEffect(() => {
    reportPick.current?.(
      document ? undefined : { typeId, date, files: files.map((checked) => checked.file) },
    );
  }, [document, typeId, date, files]);

  const busy = phase.step !== 'idle' || removing;
  const locked = disabled || busy;
  // The server refuses a document dated after today in Rome.
  const today = romeToday();

  const choose = async (chosen: File[]) => {
    const ticket = ++selection.current;
    setFailure(null);
    if (chosen.length === 0) {
      setFiles([]);
      setErrors((current) => ({ ...current, files: undefined }));
      return;
    }
    const check = await checkSelection(chosen);
    if (ticket !== selection.current) return;
    if (check.ok) {
      setFiles(check.files);
      setErrors((current) => ({ ...current, files: undefined }));
    } else {
      // The whole selection is cancelled (000 §5): nothing of it stays chosen.
      setFiles([]);
      resetFileInput.current?.();
      setErrors((current) => ({ ...current, files: check.message }));
    }
  };

  // A restored draft's files are chosen again (and checked again, as any choice).
  useEffect(() => {
    const restored = pick?.files ?? [];
    if (restored.length === 0) return;
    const ticket = ++selection.current;
    void checkSelection(restored).then((check) => {
      // A file that no longer passes the checks is simply not chosen again.
      if (ticket === selection.current && check.ok) setFiles(check.files);
    });
    // Once, when the card mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = async () => {
    setFailure(null);
    const found: FieldErrors = {
      type: typeId ? undefined : formMessages.formUploadDocTypeRequired,
      date: !date
        ? formMessages.formUploadDocDateRequired
        : date > today
          ? formMessages.formUploadDateFuture
          : undefined,
      files: files.length === 0 ? formMessages.formUploadFilesRequired : undefined,
    };
    setErrors(found);
    if (found.type || found.date || found.files || !typeId || !date) return;

    const controller = new AbortController();
    upload.current = controller;
    let file: File;
    try {
      if (files.length > 1) setPhase({ step: 'merging' });
      file = await fileToSend(files);
    } catch {
      if (controller.signal.aborted) return;
      setPhase({ step: 'idle' });
      setFailure(formMessages.formUploadMergeFailed);
      return;
    }
    if (controller.signal.aborted) return;
    if (file.size > screenConstants.maxFileBytes) {
      setPhase({ step: 'idle' });
      setFailure(formMessages.formUploadMergedTooLarge);
      return;
    }
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const fileKindId = Number(typeId);
      const docId = await uploadDocument(
        { fileKindId, fileDate: date, fileNum: files.length, fileKind: slot.file_kind, file },
        (percent) => setPhase({ step: 'uploading', percent }),
        controller.signal,
      );
      setPhase({ step: 'idle' });
      setFiles([]);
      resetFileInput.current?.();
      void queryClient.invalidateQueries({ queryKey: documentQueryKeys.existing(slot.file_kind) });
      onDocument({
        doc_id: docId,
        file_kind: slot.file_kind,
        file_kind_id: fileKindId,
        file_date: date,
        label: file.name,
      });
    } catch (caught) {
      if (isAbort(caught)) return;
      setPhase({ step: 'idle' });
      setFailure(errorText(caught, 'formUploadFailed'));
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  const remove = async (held: SlotDocument) => {
    setRemoving(true);
    setFailure(null);
    try {
      await deleteDocument(held.doc_id);
      onDocument(undefined);
    } catch (caught) {
      // Already gone on the server: the slot is empty either way.
      if (caught instanceof ApiError && caught.status === 404) onDocument(undefined);
      else setFailure(errorText(caught, 'formUploadRemoveFailed'));
    } finally {
      setRemoving(false);
    }
  };

  const typeName = (id: number) => types.data?.find((type) => type.id === id)?.nome ?? String(id);

  return (
    <Card
      ref={cardRef}
      withBorder
      radius="md"
      padding="md"
      w="100%"
      component="section"
      aria-labelledby={titleId}
      aria-describedby={slot.help ? helpId : undefined}
      data-testid={`slot-${slot.name}`}
      data-invalid={invalid || undefined}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={600} id={titleId}>
            {textOf(formMessages, slot.label)}
            {required && (
              <>
                <Text span c="red" aria-hidden="true">
                  {' *'}
                </Text>
                <VisuallyHidden>{` (${formMessages.formUploadRequiredMark})`}</VisuallyHidden>
              </>
            )}
          </Text>
          {slot.help && (
            <Text size="sm" c="dimmed" id={helpId}>
              {textOf(formMessages, slot.help)}
            </Text>
          )}
        </Stack>

        {document ? (
          <Stack gap="xs" data-testid={`slot-${slot.name}-document`}>
            <Group gap={6} wrap="nowrap">
              <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
              <Text size="sm" fw={600}>
                {formMessages.formUploadDone}
              </Text>
            </Group>
            <Stack component="dl" gap={2} m={0}>
              <Summary term={formMessages.formUploadDocType} value={typeName(document.file_kind_id)} />
              <Summary term={formMessages.formUploadDocDate} value={formatDate(document.file_date)} />
              <Summary term={formMessages.formUploadFileName} value={document.label} />
            </Stack>
            <Group>
              <Button
                type="button"
                color="red"
                variant="light"
                loading={removing}
                disabled={disabled || offline}
                onClick={() => void remove(document)}
              >
                {formMessages.formUploadRemove}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c={invalid ? 'red' : undefined} fw={invalid ? 600 : undefined}>
              {formMessages.formNoFileUploaded}
            </Text>
            {types.isError && (
              <Text size="sm" c="red" role="alert">
                {formMessages.formUploadTypesError}
              </Text>
            )}
            <Select
              label={formMessages.formUploadDocType}
              withAsterisk
              data={offeredTypes}
              value={typeId}
              onChange={(value) => {
                setTypeId(value);
                setErrors((current) => ({ ...current, type: undefined }));
              }}
              allowDeselect={false}
              disabled={locked || types.isPending}
              error={errors.type}
              w="100%"
            />
            <ItalianDatesProvider>
              <ItalianDateInput
                label={formMessages.formUploadDocDate}
                withAsterisk
                value={date}
                onChange={(value) => {
                  setDate(value);
                  setErrors((current) => ({ ...current, date: undefined }));
                }}
                maxDate={today}
                clearable
                clearButtonProps={{ 'aria-label': formMessages.formDateClear }}
                disabled={locked}
                error={errors.date}
                leftSection={<IconCalendar size={18} aria-hidden="true" />}
                w="100%"
              />
            </ItalianDatesProvider>
            <FileInput
              label={formMessages.formUploadChooseFiles}
              withAsterisk
              multiple
              accept={ACCEPTED_FILES}
              value={files.map((checked) => checked.file)}
              onChange={(chosen) => void choose(chosen)}
              resetRef={resetFileInput}
              clearable
              disabled={locked}
              error={errors.files}
              errorProps={{ role: 'alert' }}
              leftSection={<IconPaperclip size={18} aria-hidden="true" />}
              w="100%"
            />
            <Group gap="sm" wrap="wrap">
              <Button type="button" onClick={() => void send()} loading={busy} disabled={disabled || offline}>
                {formMessages.formUploadSend}
              </Button>
              <Button
                type="button"
                variant="light"
                disabled={locked || offline}
                aria-expanded={reuseOpen}
                onClick={() => setReuseOpen((open) => !open)}
              >
                {formMessages.formUploadReuse}
              </Button>
            </Group>
            {reuseOpen && (
              <ReusePanel
                slot={slot}
                disabled={locked}
                onClose={() => setReuseOpen(false)}
                onChosen={(chosen) => {
                  setReuseOpen(false);
                  onDocument(chosen);
                }}
              />
            )}
          </Stack>
        )}

        <div role="status" aria-live="polite">
          {phase.step === 'merging' && <Text size="sm">{formMessages.formUploadMerging}</Text>}
          {phase.step === 'uploading' && (
            <Stack gap={4}>
              <Text size="sm">{formatFormMessage('formUploadProgress', { percent: phase.percent })}</Text>
              <Progress value={phase.percent} aria-label={formMessages.formUploadProgressLabel} />
            </Stack>
          )}
        </div>
        {slotErrors.length > 0 && (
          <Text size="sm" c="red" role="alert">
            {slotErrors.join(' ')}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Summary({ term, value }: { term: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {term}:
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
