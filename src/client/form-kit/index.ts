/**
 * The contract between the form engine (engine/forms) and the widgets (widgets/): both import it, neither
 * imports the other (lint enforces it). Types and one reader, no React component and no call.
 */
export { engineContext } from './form-context';
export type { FormCategory, FormEngineContext, FormUser, SlotDocument, SlotPick } from './form-context';
export type {
  BlockEnv,
  BlockHooksRegistry,
  BlockQuery,
  EnterOutcome,
  FormBlockHooks,
  FormInformation,
  TrackedDialog,
} from './block-hooks';
export type { AfterField, FieldLoader, FormWidgets, RegistryRef, WidgetLoader } from './form-widgets';
