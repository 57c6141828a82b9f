/**
 * `virtual:form-validators`, generated at build time by scripts/vite-form-validators.mjs from every
 * `schemas/forms/*.json` (and, in the vitest `client` project, `tests/fixtures/forms/*.json`).
 */
declare module 'virtual:form-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** Payload schemas by `$id`. */
  export const formSchemas: Readonly<Record<string, RJSFSchema>>;
  /** Per schema `$id`: the precompiled functions of the schema and of the sub-schemas rjsf checks. */
  export const formValidators: Readonly<Record<string, ValidatorFunctions>>;
}
