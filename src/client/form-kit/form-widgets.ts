/**
 * The registry the form engine receives (ARCHITECTURE.md §4): the named widgets and fields a
 * declaration's uiSchema may name, the hooks of the named blocks, and what is drawn after a top-level
 * field. The engine (engine/forms) takes it as a prop and never imports the widgets; the widgets
 * (src/client/widgets) never import the engine; features/forms composes the registry and puts the two
 * together.
 *
 * A named widget or field is a loader: each is a chunk of its own, downloaded when a form's uiSchema
 * names it (the engine loads what a form names before drawing it), so a form's page carries only its
 * own widgets.
 */
import type { Field, RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { BlockHooksRegistry } from './block-hooks';

/** What rjsf hands to a template: its `registry`, whose `formContext` is the engine context. */
export interface RegistryRef {
  readonly formContext?: unknown;
}

export interface AfterField {
  /** Whether anything is drawn after the top-level field `field` (nothing is mounted otherwise). */
  has(registry: RegistryRef, field: string): boolean;
  /** Drawn by the engine's object template right after that field. */
  readonly Component: ComponentType<{ field: string; registry: RegistryRef }>;
}

/** Loads a named widget (`ui:widget`). */
export type WidgetLoader = () => Promise<Widget>;
/** Loads a named field (`ui:field`). */
export type FieldLoader = () => Promise<Field>;

export interface FormWidgets {
  /**
   * rjsf's own widget names the portal replaces (its `TextareaWidget`, reached by `ui:widget: textarea`),
   * always there: added to the Mantine widgets of the engine's theme.
   */
  readonly replaced: RegistryWidgetsType;
  /** `ui:widget` names, one input for one field: loaded when a form names them. */
  readonly widgets: Readonly<Record<string, WidgetLoader>>;
  /** `ui:field` names, blocks that render (and fill) several fields: loaded when a form names them. */
  readonly fields: Readonly<Record<string, FieldLoader>>;
  /** The hooks of the named blocks (block-hooks.ts), by `ui:field` name. */
  readonly blockHooks: BlockHooksRegistry;
  /** Drawn right after a top-level field (the upload slots declared `after` it). */
  readonly afterField?: AfterField;
}
