/**
 * Which named blocks a form's uiSchema calls on (the hooks' contract is form-kit/block-hooks.ts; the
 * registry comes with the widgets, `FormWidgets.blockHooks`). The engine calls the hooks of whatever
 * blocks a uiSchema names, in the uiSchema's order, and knows nothing of what they do.
 */
import type { BlockHooksRegistry, FormBlockHooks } from '../../form-kit';

/** A block a uiSchema names, with its hooks. */
export interface NamedBlock {
  readonly field: string;
  readonly hooks: FormBlockHooks;
}

/** The blocks with hooks that `uiSchema` names at its top level, in the uiSchema's order. */
export function blocksOf(
  uiSchema: Readonly<Record<string, unknown>>,
  registry: BlockHooksRegistry,
): NamedBlock[] {
  const blocks: NamedBlock[] = [];
  for (const [field, ui] of Object.entries(uiSchema)) {
    if (field.startsWith('ui:') || ui === null || typeof ui !== 'object') continue;
    const name = (ui as Record<string, unknown>)['ui:field'];
    const hooks = typeof name === 'string' && Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (hooks) blocks.push({ field, hooks });
  }
  return blocks;
}
