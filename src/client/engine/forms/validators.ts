/**
 * The precompiled validator of a form's payload schema (no schema is compiled in the browser: the CSP
 * forbids `unsafe-eval`). `createPrecompiledValidator` comes from its own module, not from the
 * package entry, so Ajv's compiler never enters the bundle.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { formSchemas, formValidators } from 'virtual:form-validators';

export type FormValues = Record<string, unknown>;

export interface CompiledFormSchema {
  readonly schema: RJSFSchema;
  readonly validator: ValidatorType<FormValues>;
}

const cache = new Map<string, CompiledFormSchema>();

/** The schema and validator of `schemaId` (`$id`), or undefined when no such schema was compiled. */
export function compiledFormSchema(schemaId: string): CompiledFormSchema | undefined {
  const cached = cache.get(schemaId);
  if (cached) return cached;
  const schema = formSchemas[schemaId];
  const functions = formValidators[schemaId];
  if (!schema || !functions) return undefined;
  const compiled: CompiledFormSchema = {
    schema,
    validator: createPrecompiledValidator<FormValues>(functions, schema),
  };
  cache.set(schemaId, compiled);
  return compiled;
}
