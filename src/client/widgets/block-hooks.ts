/**
 * Hooks of the named blocks (the contract: form-kit/block-hooks.ts), by `ui:field` name. Only the hooks modules
 * are imported here, never the blocks themselves: the form route's loader reads this registry to
 * prefetch (`preload`) without loading the form.
 */
import type { FormFieldName } from '../../../config/forms/types';
import type { FormBlockHooks } from '../form-kit';
import { pensionFundHooks } from './pension-fund/hooks';

export const blockHooks: Partial<Record<FormFieldName, FormBlockHooks>> = {
  'pension-fund': pensionFundHooks,
};
