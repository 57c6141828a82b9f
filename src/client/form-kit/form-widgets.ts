/**
 * The registry the form engine receives (ARCHITECTURE.md §4): the named widgets and fields a
 * declaration's uiSchema may name, the hooks of the named blocks, and what is drawn after a top-level
 * field. The engine (engine/forms) takes it as a prop and never imports the widgets; the widgets
 * (src/client/widgets) build it and never import the engine; features/forms puts the two together.
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
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

export interface FormWidgets {
  /**
   * `ui:widget` names, one input for one field, and the rjsf names the portal replaces (its
   * `TextareaWidget`); added to the Mantine widgets of the engine's theme.
   */
  readonly widgets: RegistryWidgetsType;
  /** `ui:field` names: blocks that render (and fill) several fields, and the fields they consume. */
  readonly fields: RegistryFieldsType;
  /** The hooks of the named blocks (block-hooks.ts), by `ui:field` name. */
  readonly blockHooks: BlockHooksRegistry;
  /** Drawn right after a top-level field (the upload slots declared `after` it). */
  readonly afterField?: AfterField;
}
