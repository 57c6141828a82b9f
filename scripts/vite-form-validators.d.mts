import type { Plugin } from 'vite';

export const VIRTUAL_ID: 'virtual:form-validators';
export interface FormSchemaFile {
  file: string;
  schema: { $id: string } & Record<string, unknown>;
}
export function readFormSchemas(root: string, dirs: string[]): FormSchemaFile[];
export function generateValidatorsModule(entries: FormSchemaFile[]): string;
export function formValidatorsPlugin(options?: { dirs?: string[] }): Plugin;
