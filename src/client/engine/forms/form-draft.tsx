/**
 * The draft of a request form on the device (issue 28), for every request form alike (no form has
 * code of its own here): the engine hands over what the user typed and chose (`DraftSnapshot`: the form
 * data, the uploaded documents, the slots' picks and the attachment fields' files), this hook keeps it
 * in the draft storage (stores/form-drafts.ts, IndexedDB) after a pause, under the user and the form.
 *
 * On opening, a draft found is offered ("Riprendi la bozza del DD-MM-YYYY HH:MM" / "Elimina la
 * bozza"): restoring only fills the form (a new engine started from the draft), the user still sends
 * it. While the offer waits nothing is saved, so the draft is never overwritten before the user
 * answered. The draft goes when the request is accepted by the server and at logout (session store).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { formatDateTime } from '../../../shared/dates';
import { formatMessage, messages } from '../../../shared/catalogues/first-paint';
import type { SlotDocument, SlotPick } from '../../form-kit';
import {
  draftStorage,
  fromDraftFile,
  toDraftFile,
  type DraftFile,
  type DraftKey,
  type FormDraft,
} from '../../stores/form-drafts';
import { useSessionStore } from '../../stores/session';
import type { FormValues } from './validators';

/** The pause after the last change before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 600;

/** What the engine holds, as the draft keeps it and gives it back. */
export interface DraftSnapshot {
  readonly values: FormValues;
  readonly slotDocuments: Readonly<Record<string, SlotDocument | undefined>>;
  readonly slotPicks: Readonly<Record<string, SlotPick | undefined>>;
  readonly files: Readonly<Record<string, readonly File[] | undefined>>;
}

/** A selection within the form's own limits (count per slot or field, size per file), else nothing. */
function withinLimits(files: readonly File[]): readonly File[] {
  if (files.length > screenConstants.maxFilesPerSlot) return [];
  return files.some((file) => file.size > screenConstants.maxFileBytes) ? [] : files;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isSlotDocument(value: unknown): value is SlotDocument {
  return (
    isRecord(value) &&
    typeof value.doc_id === 'number' &&
    typeof value.file_kind === 'string' &&
    typeof value.file_kind_id === 'number' &&
    typeof value.file_date === 'string' &&
    typeof value.label === 'string'
  );
}

function isDraftFile(value: unknown): value is DraftFile {
  return isRecord(value) && typeof value.name === 'string' && value.blob instanceof Blob;
}

function draftFiles(value: unknown): File[] {
  return Array.isArray(value) ? value.filter(isDraftFile).map(fromDraftFile) : [];
}

/** The snapshot as it is stored (files as Blobs, empty entries left out). */
export function toFormDraft(snapshot: DraftSnapshot, savedAt: number): FormDraft {
  const slotDocuments: Record<string, SlotDocument> = {};
  for (const [slot, document] of Object.entries(snapshot.slotDocuments))
    if (document) slotDocuments[slot] = document;
  const slotPicks: Record<string, FormDraft['slotPicks'][string]> = {};
  for (const [slot, pick] of Object.entries(snapshot.slotPicks)) {
    if (!pick) continue;
    const files = withinLimits(pick.files).map(toDraftFile);
    if (pick.typeId || pick.date || files.length > 0)
      slotPicks[slot] = { typeId: pick.typeId, date: pick.date, files };
  }
  const files: Record<string, DraftFile[]> = {};
  for (const [field, chosen] of Object.entries(snapshot.files)) {
    const kept = withinLimits(chosen ?? []).map(toDraftFile);
    if (kept.length > 0) files[field] = kept;
  }
  return { savedAt, values: snapshot.values, slotDocuments, slotPicks, files };
}

/** A stored draft back as the engine starts from it (anything malformed is left out). */
export function fromFormDraft(draft: FormDraft): DraftSnapshot {
  const slotDocuments: Record<string, SlotDocument> = {};
  for (const [slot, document] of Object.entries(isRecord(draft.slotDocuments) ? draft.slotDocuments : {}))
    if (isSlotDocument(document)) slotDocuments[slot] = document;
  const slotPicks: Record<string, SlotPick> = {};
  for (const [slot, pick] of Object.entries(isRecord(draft.slotPicks) ? draft.slotPicks : {})) {
    if (!isRecord(pick)) continue;
    slotPicks[slot] = {
      typeId: typeof pick.typeId === 'string' ? pick.typeId : null,
      date: typeof pick.date === 'string' ? pick.date : null,
      files: draftFiles(pick.files),
    };
  }
  const files: Record<string, File[]> = {};
  for (const [field, chosen] of Object.entries(isRecord(draft.files) ? draft.files : {}))
    files[field] = draftFiles(chosen);
  return { values: isRecord(draft.values) ? draft.values : {}, slotDocuments, slotPicks, files };
}

/** DD-MM-YYYY HH:MM of a draft (Rome's wall clock, as every time the portal shows). */
export function draftTime(savedAt: number): string {
  return formatDateTime(new Date(savedAt)).slice(0, 16);
}

export interface FormDrafts {
  /** `looking` until the storage answered, `offer` while a draft waits for the user's answer. */
  readonly status: 'looking' | 'offer' | 'ready';
  /** The draft offered (while `status` is `offer`). */
  readonly offered: FormDraft | null;
  /** The draft the user chose to restore: the engine starts from it. */
  readonly restored: DraftSnapshot | null;
  /** Grows at each restore: the engine's key (a new engine from the restored draft). */
  readonly round: number;
  /** When the draft was last written (this visit), for the status line. */
  readonly savedAt: number | null;
  readonly restore: () => void;
  readonly discard: () => void;
  /** The engine's data changed: written after a pause. */
  readonly save: (snapshot: DraftSnapshot) => void;
  /** The request was accepted: the draft goes and nothing more is written. */
  readonly sent: () => void;
}

/** The draft of the form `key` (`null`: no draft, e.g. a plain form). */
export function useFormDraft(key: DraftKey | null): FormDrafts {
  const userId = key?.[0];
  const formId = key?.[1];
  const keyId = userId === undefined || formId === undefined ? null : JSON.stringify([userId, formId]);
  /** What the storage answered for the key (`found`: the draft there was on opening). */
  const [lookup, setLookup] = useState<{ readonly id: string; readonly found: FormDraft | null } | null>(
    null,
  );
  /** The user restored or discarded the draft offered. */
  const [answered, setAnswered] = useState(false);
  const status: FormDrafts['status'] =
    keyId === null
      ? 'ready'
      : lookup?.id !== keyId
        ? 'looking'
        : lookup.found && !answered
          ? 'offer'
          : 'ready';
  const offered = status === 'offer' ? (lookup?.found ?? null) : null;
  const [restored, setRestored] = useState<DraftSnapshot | null>(null);
  const [round, setRound] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  // Writes happen one after the other: a deletion is never overtaken by an earlier write.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef<DraftSnapshot | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Sent: nothing more is written. */
  const closed = useRef(false);
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);

  const enqueue = useCallback((operation: () => Promise<unknown>) => {
    const next = chain.current.then(operation).catch((error: unknown) => {
      console.warn('Form draft not kept on the device', error);
      return undefined;
    });
    chain.current = next;
    return next;
  }, []);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const snapshot = pending.current;
    if (!snapshot || userId === undefined || formId === undefined) return;
    if (closed.current || statusRef.current !== 'ready') return;
    // After a logout (or a session that ended) nothing of the form is written again.
    const session = useSessionStore.getState();
    if (!session.isLogged || !session.user) return;
    pending.current = null;
    const draft = toFormDraft(snapshot, Date.now());
    void enqueue(async () => {
      if (closed.current) return;
      await draftStorage().set([userId, formId], draft);
      setSavedAt(draft.savedAt);
    });
  }, [enqueue, userId, formId]);

  // Look for a draft once, when the form opens.
  useEffect(() => {
    if (userId === undefined || formId === undefined || keyId === null) return;
    let cancelled = false;
    let found: FormDraft | null = null;
    void enqueue(async () => {
      const stored = await draftStorage().get([userId, formId]);
      if (stored && typeof stored.savedAt === 'number') found = stored;
    }).then(() => {
      // A storage that fails offers nothing: the form opens empty.
      if (!cancelled) setLookup({ id: keyId, found });
    });
    return () => {
      cancelled = true;
    };
  }, [enqueue, userId, formId, keyId]);

  // Leaving the form or the page writes what waits (unless sent or logged out, see `flush`).
  useEffect(() => {
    const onPageHide = () => flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush();
    };
  }, [flush]);

  const save = useCallback(
    (snapshot: DraftSnapshot) => {
      if (userId === undefined || closed.current) return;
      pending.current = snapshot;
      if (statusRef.current !== 'ready') return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush, userId],
  );

  const restore = useCallback(() => {
    if (!offered) return;
    // The new engine starts from the draft: what the old one held meanwhile is not written.
    pending.current = null;
    setRestored(fromFormDraft(offered));
    setRound((count) => count + 1);
    setAnswered(true);
    statusRef.current = 'ready';
  }, [offered]);

  const discard = useCallback(() => {
    if (userId === undefined || formId === undefined) return;
    setAnswered(true);
    statusRef.current = 'ready';
    void enqueue(() => draftStorage().delete([userId, formId]));
    // What the user typed while the offer waited becomes the draft.
    if (pending.current) timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  }, [enqueue, flush, userId, formId]);

  const sent = useCallback(() => {
    if (userId === undefined || formId === undefined) return;
    closed.current = true;
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setSavedAt(null);
    void enqueue(() => draftStorage().delete([userId, formId]));
  }, [enqueue, userId, formId]);

  return { status, offered, restored, round, savedAt, restore, discard, save, sent };
}

/** Full width on a phone, its label on two lines if it must: never wider than a 360 px screen. */
const WRAPPING_BUTTON = {
  w: { base: '100%', xs: 'auto' },
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

/** The offer of a draft found on opening: restore it (fills the form) or delete it. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: FormDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconDeviceFloppy size={20} aria-hidden="true" />}
      data-testid="form-draft-offer"
    >
      <Stack gap="sm">
        <Text size="sm">{messages.draftOfferText}</Text>
        <Group gap="sm" wrap="wrap">
          <Button type="button" onClick={onRestore} {...WRAPPING_BUTTON}>
            {formatMessage('draftRestore', { when: draftTime(draft.savedAt) })}
          </Button>
          <Button type="button" variant="default" onClick={onDiscard} {...WRAPPING_BUTTON}>
            {messages.draftDiscard}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "Bozza salvata … alle HH:MM" under the form, once this visit wrote the draft. */
export function DraftSaved({ savedAt }: { savedAt: number | null }) {
  return (
    <Text size="sm" role="status" aria-live="polite" data-testid="form-draft-saved">
      {savedAt === null ? '' : formatMessage('draftSaved', { time: draftTime(savedAt).slice(11) })}
    </Text>
  );
}
