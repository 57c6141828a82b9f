/**
 * Hooks of a named block (a `ui:field` of src/client/widgets): the behaviour of one kind of form that is
 * not a field's rendering (ARCHITECTURE.md §4: "behaviour of one form lives in the hooks of its named
 * block, never in the engine"). The engine calls the hooks of whatever blocks a uiSchema names, in
 * the uiSchema's order, and knows nothing of what they do (the pension fund's saved fund, acceptance
 * modal and "Conferma Modifica Fondo" are the `pension-fund` block's: widgets/pension-fund/hooks.ts).
 *
 * Registered by block name in widgets/block-hooks.ts, a module kept free of the widgets themselves so
 * that a route loader can call `preload` without loading any form code; the engine receives that
 * registry with the widgets (form-widgets.ts `FormWidgets.blockHooks`).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoggedUser } from '../../../schemas/wire-types.gen';

type Values = Record<string, unknown>;

/** The texts of a form's information modal (001 §2), as the engine would show them. */
export interface FormInformation {
  readonly title: string;
  readonly body: string;
}

/** What `onEnter` decided: leave (false), stay (true), or stay with the information already shown. */
export type EnterOutcome = boolean | 'informed';

/** A query a block needs before the form is shown (react-query options). */
export interface BlockQuery {
  readonly queryKey: readonly unknown[];
  readonly queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
  readonly staleTime?: number;
}

/** A dialog a hook opened: leaving the form closes it. */
export interface TrackedDialog {
  close(): void;
}

export interface BlockEnv {
  /** The field whose uiSchema names the block (the pension form's `covip`). */
  readonly field: string;
  /** The payload schema's top-level properties: which sibling fields the form has. */
  readonly properties: Readonly<Record<string, unknown>>;
  /**
   * The logged user as `GET /api/get-logged-user-info` answers it, which every form loads: a block reads
   * what it needs of it (the pension block: the saved fund), the engine names none of its fields.
   */
  readonly userInfo: LoggedUser;
  /** The answer of the block's `preload` query (undefined without one, or when it failed). */
  readonly preloaded: unknown;
}

export interface FormBlockHooks {
  /**
   * Data to fetch before the form shows (the route loader prefetches it, the screen waits for it); a
   * failure is not fatal: the hook's other steps see `preloaded` undefined.
   */
  preload?(userInfo: LoggedUser): BlockQuery | null;
  /** Values the form starts from (under a replay's): e.g. the saved fund with its institute and name. */
  initialData?(env: BlockEnv): Values;
  /**
   * When the form opens, before its information modal: resolves false to leave the form (to the menu),
   * true to stay, `'informed'` to stay when the block's own dialog showed the form's `information` (the
   * engine then opens no information modal: one modal on entry, not two in a row). `track` hands each
   * opened dialog to the engine; `cancelled()` is true once the form is gone.
   */
  onEnter?(
    env: BlockEnv & {
      readonly queryClient: QueryClient;
      /** The form's information modal (title and text), null when the form declares none. */
      readonly information: FormInformation | null;
      track(dialog: TrackedDialog): void;
      cancelled(): boolean;
    },
  ): Promise<EnterOutcome>;
  /**
   * After the checks passed, before the confirmation: resolves false to send nothing. `setFields` writes
   * the form (e.g. restores the saved fund when the change is declined).
   */
  beforeConfirm?(
    env: BlockEnv & {
      readonly values: Readonly<Values>;
      setFields(patch: Readonly<Values>): void;
      track(dialog: TrackedDialog): void;
    },
  ): Promise<boolean>;
}

/** The hooks of the named blocks, by `ui:field` name. */
export type BlockHooksRegistry = Readonly<Record<string, FormBlockHooks | undefined>>;
