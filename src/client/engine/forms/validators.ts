/**
 * The precompiled validator of a form's payload schema (no schema is compiled in the browser: the CSP
 * forbids `unsafe-eval`). Each form's schema and validator is a chunk of its own, loaded with the form
 * (`loadCompiledFormSchema`): a form's page downloads no other form's. `createPrecompiledValidator`
 * comes from its own module, not from the package entry, so Ajv's compiler never enters the bundle.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { formValidatorLoaders } from 'virtual:form-validators';

export type FormValues = Record<string, unknown>;

export interface CompiledFormSchema {
  readonly schema: RJSFSchema;
  readonly validator: ValidatorType<FormValues>;
}

const loading = new Map<string, Promise<CompiledFormSchema>>();
const loaded = new Map<string, CompiledFormSchema>();

/** The schema and validator of `schemaId` (`$id`) once loaded (`loadCompiledFormSchema`), else undefined. */
export function compiledFormSchema(schemaId: string): CompiledFormSchema | undefined {
  return loaded.get(schemaId);
}

/** Loads the schema and validator of `schemaId` (`$id`); undefined when no such schema was compiled. */
export async function loadCompiledFormSchema(schemaId: string): Promise<CompiledFormSchema | undefined> {
  const load = Object.hasOwn(formValidatorLoaders, schemaId) ? formValidatorLoaders[schemaId] : undefined;
  if (!load) return undefined;
  let pending = loading.get(schemaId);
  if (!pending) {
    pending = load().then(({ schema, validators }) => {
      const compiled: CompiledFormSchema = {
        schema,
        validator: createPrecompiledValidator<FormValues>(validators, schema),
      };
      loaded.set(schemaId, compiled);
      return compiled;
    });
    // A failed download (offline on a first visit) may be tried again.
    pending.catch(() => loading.delete(schemaId));
    loading.set(schemaId, pending);
  }
  return pending;
}
