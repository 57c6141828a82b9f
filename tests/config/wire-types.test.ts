import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateWireTypes, OUTPUT, readSchemas, typeName } from '../../scripts/wire-types.mjs';

/**
 * The wire's TypeScript types are generated from schemas/ and checked in (like routeTree.gen.ts): a
 * schema changed without `npm run wire-types` fails here, before a handler or a screen goes on reading
 * the old shape.
 */
describe('wire types (schemas/wire-types.gen.ts)', () => {
  it('are up to date with schemas/ (run `npm run wire-types`)', async () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(await generateWireTypes());
  });

  it('name one type per schema file, listed in WireTypes by $id', () => {
    const generated = readFileSync(OUTPUT, 'utf8');
    const map = generated.slice(generated.indexOf('export interface WireTypes'));
    for (const { file, schema } of readSchemas('.')) {
      const name = typeName(schema.$id);
      expect(generated, file).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
      expect(map, file).toMatch(new RegExp(`['"]?${schema.$id}['"]?: ${name};`));
    }
  });

  it('keep off the names of globals', () => {
    expect(typeName('error')).toBe('WireError');
    expect(typeName('form-rimb-spese')).toBe('FormRimbSpese');
  });
});
