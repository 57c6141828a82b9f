/**
 * Drafts of the request forms kept on the device (issue 28): what the user typed and chose, files
 * included (as Blobs), under one key per user and per form. The engine saves them as the user goes
 * (engine/forms/form-draft.tsx), the form offers them back on opening, and they go on a successful
 * send and at logout. Nothing here sends anything.
 *
 * The storage is IndexedDB through idb-keyval, in a database of its own (`welfare-form-drafts`),
 * behind the small `DraftStorage` interface so that tests (jsdom has no IndexedDB) hand in the
 * in-memory one (`setDraftStorage(memoryDraftStorage())`). Without IndexedDB and without an injected
 * storage, drafts are simply not kept.
 */
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/** A file of the draft: its content and what the `File` it came from said about it. */
export interface DraftFile {
  readonly name: string;
  readonly type: string;
  readonly lastModified: number;
  readonly blob: Blob;
}

/** What an upload slot held before it was sent («Carica»): document type, date and chosen files. */
export interface DraftSlotPick {
  readonly typeId: string | null;
  readonly date: string | null;
  readonly files: readonly DraftFile[];
}

/** One draft: the form data and what the engine keeps beside it. */
export interface FormDraft {
  /** When it was saved (epoch milliseconds): the offer shows it as DD-MM-YYYY HH:MM. */
  readonly savedAt: number;
  readonly values: Readonly<Record<string, unknown>>;
  /** Documents already uploaded, by slot (their ids are the server's; the shape is form-kit `SlotDocument`). */
  readonly slotDocuments: Readonly<Record<string, unknown>>;
  /** Slots chosen but not uploaded yet, by slot. */
  readonly slotPicks: Readonly<Record<string, DraftSlotPick>>;
  /** Files of `attachment` fields, by field. */
  readonly files: Readonly<Record<string, readonly DraftFile[]>>;
}

/** The key of a draft: the user (`draftUserKey`) and the form's route name. */
export type DraftKey = readonly [user: string, form: string];

export interface DraftStorage {
  get(key: DraftKey): Promise<FormDraft | undefined>;
  set(key: DraftKey, draft: FormDraft): Promise<void>;
  delete(key: DraftKey): Promise<void>;
  /** The keys of every draft held. */
  keys(): Promise<DraftKey[]>;
}

function isDraftKey(key: unknown): key is DraftKey {
  return Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'string';
}

/** IndexedDB through idb-keyval, in its own database and object store. */
export function idbDraftStorage(): DraftStorage {
  let store: UseStore | null = null;
  // Opened on first use: a page that never shows a form never opens the database.
  const db = () => (store ??= createStore('welfare-form-drafts', 'drafts'));
  return {
    get: (key) => get<FormDraft>([...key], db()),
    set: (key, draft) => set([...key], draft, db()),
    delete: (key) => del([...key], db()),
    keys: async () => {
      const held: unknown[] = await keys(db());
      return held.filter(isDraftKey);
    },
  };
}

/** In memory (tests, and the place to look for what the interface asks). */
export function memoryDraftStorage(): DraftStorage & { readonly entries: Map<string, FormDraft> } {
  const entries = new Map<string, FormDraft>();
  const id = (key: DraftKey) => JSON.stringify(key);
  return {
    entries,
    get: async (key) => entries.get(id(key)),
    set: async (key, draft) => {
      entries.set(id(key), draft);
    },
    delete: async (key) => {
      entries.delete(id(key));
    },
    keys: async () => [...entries.keys()].map((key) => JSON.parse(key) as DraftKey),
  };
}

/** Keeps nothing (no IndexedDB in this browser). */
const noDraftStorage: DraftStorage = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
  keys: async () => [],
};

let current: DraftStorage | null = null;

/** The storage in use: the injected one, else IndexedDB where the browser has it. */
export function draftStorage(): DraftStorage {
  current ??= typeof indexedDB === 'undefined' ? noDraftStorage : idbDraftStorage();
  return current;
}

/** Hands in a storage (tests); null goes back to the default. */
export function setDraftStorage(storage: DraftStorage | null): void {
  current = storage;
}

/**
 * Whose draft: the customer and the login e-mail (the portal's user name, unique within a customer;
 * the logged user's answer carries no numeric id).
 */
export function draftUserKey(customer: string, email: string): string {
  return `${customer.toLowerCase()}/${email.trim().toLowerCase()}`;
}

/** Removes every draft of `user` (logout). */
export async function removeUserDrafts(user: string): Promise<void> {
  const storage = draftStorage();
  const held = await storage.keys();
  await Promise.all(held.filter(([owner]) => owner === user).map((key) => storage.delete(key)));
}

/** A `File` as the draft keeps it. */
export function toDraftFile(file: File): DraftFile {
  return { name: file.name, type: file.type, lastModified: file.lastModified, blob: file };
}

/** The `File` back from the draft. */
export function fromDraftFile(file: DraftFile): File {
  return new File([file.blob], file.name, { type: file.type, lastModified: file.lastModified });
}
