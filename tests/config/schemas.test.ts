import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

/** Every JSON Schema under schemas/: draft 2020-12, a unique $id, compiles, and is snapshotted. */
function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listJson(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

const files = listJson('schemas');
const schemas = files.map((file) => ({
  file: relative('schemas', file),
  schema: JSON.parse(readFileSync(file, 'utf8')),
}));

describe('schemas', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('each declare draft 2020-12 and a unique $id', () => {
    const ids = new Set<string>();
    for (const { file, schema } of schemas) {
      expect(schema.$schema, file).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(typeof schema.$id, file).toBe('string');
      expect(ids.has(schema.$id), `${file}: $id ${schema.$id} repeated`).toBe(false);
      ids.add(schema.$id);
    }
  });

  it('compile together (every $ref resolves)', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword('example');
    ajv.addKeyword('x-invalid-examples');
    for (const { schema } of schemas) ajv.addSchema(schema);
    for (const { file, schema } of schemas) expect(() => ajv.getSchema(schema.$id), file).not.toThrow();
  });

  it.each(schemas.map((s) => [s.file, s.schema] as const))('%s matches its snapshot', (_file, schema) => {
    expect(schema).toMatchSnapshot();
  });
});
