/**
 * `virtual:form-validators`, generated at build time by scripts/vite-form-validators.mjs from every
 * `schemas/forms/*.json` (and, in the vitest `client` project, `tests/fixtures/forms/*.json`): one
 * loader per form, each form's schema and validator a module (a chunk) of its own.
 */
declare module 'virtual:form-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** A form's payload schema and the precompiled functions of the schema and of the sub-schemas rjsf checks. */
  export interface FormValidatorModule {
    readonly schema: RJSFSchema;
    readonly validators: ValidatorFunctions;
  }

  /** Per schema `$id`: the loader of that form's module. */
  export const formValidatorLoaders: Readonly<Record<string, () => Promise<FormValidatorModule>>>;
}
