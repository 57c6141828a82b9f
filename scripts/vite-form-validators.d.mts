import type { Plugin } from 'vite';

export const VIRTUAL_ID: 'virtual:form-validators';
export interface FormSchemaFile {
  file: string;
  schema: { $id: string } & Record<string, unknown>;
}
/** `allOf`, `patternProperties` or `$ref` found in a schema (the bundle has no code for them), or null. */
export function browserUnsupportedKeyword(schema: unknown): string | null;
export function readFormSchemas(root: string, dirs: string[]): FormSchemaFile[];
/** The index module `virtual:form-validators`: one loader per form. */
export function generateValidatorsModule(entries: FormSchemaFile[]): string;
/** The module of one form (`virtual:form-validators/<$id>`): its schema and precompiled validator. */
export function generateFormValidatorModule(entry: FormSchemaFile): string;
export function formValidatorsPlugin(options?: { dirs?: string[] }): Plugin;
