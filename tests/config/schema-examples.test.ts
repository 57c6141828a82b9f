import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

/**
 * Every schema under schemas/ carries its own examples (schemas/README.md): `examples` (the standard
 * keyword, published in OpenAPI) are instances it must accept, `x-invalid-examples` instances it must
 * refuse. Each schema is compiled strictly with all the others registered, so examples go through
 * the `$ref`s exactly as a request or an answer does.
 */
function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listJson(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

interface SchemaFile {
  $id: string;
  examples?: unknown[];
  'x-invalid-examples'?: unknown[];
}

const schemas = listJson('schemas').map((file) => ({
  file: relative('schemas', file),
  schema: JSON.parse(readFileSync(file, 'utf8')) as SchemaFile,
}));

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
ajv.addKeyword('x-invalid-examples');
for (const { schema } of schemas) ajv.addSchema(schema);

describe.each(schemas.map((s) => [s.file, s.schema] as const))('%s', (_file, schema) => {
  const validate = ajv.getSchema(schema.$id)!;

  it('has valid and invalid examples', () => {
    expect(Array.isArray(schema.examples) && schema.examples.length > 0).toBe(true);
    expect(Array.isArray(schema['x-invalid-examples']) && schema['x-invalid-examples'].length > 0).toBe(true);
  });

  it('accepts each of its examples', () => {
    for (const [index, example] of (schema.examples ?? []).entries()) {
      const ok = validate(example);
      expect(ok, `examples[${index}]: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('refuses each of its invalid examples', () => {
    for (const [index, example] of (schema['x-invalid-examples'] ?? []).entries()) {
      expect(validate(example), `x-invalid-examples[${index}] passes`).toBe(false);
    }
  });
});
