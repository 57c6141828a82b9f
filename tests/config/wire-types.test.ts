import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('translate references, nullable unions and open objects, and refuse a keyword they cannot type', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wire-types-'));
    const write = (name: string, schema: object) => writeFileSync(join(root, name), JSON.stringify(schema));
    try {
      write('a-importo.json', { $id: 'a-importo', type: 'string', pattern: '^\\d+\\.\\d{2}$' });
      write('b-riga.json', {
        $id: 'b-riga',
        type: 'object',
        required: ['importo'],
        properties: { importo: { $ref: 'a-importo' }, nota: { type: ['string', 'null'] } },
      });
      const text = await generateWireTypes(root, ['.']);
      expect(text).toContain('export type AImporto = string;');
      expect(text).toMatch(
        /export interface BRiga \{\s+importo: AImporto;\s+nota\?: string \| null;\s+\[key: string\]: unknown;\s+\}/,
      );

      write('c-mappa.json', {
        $id: 'c-mappa',
        type: 'object',
        patternProperties: { '^x': { type: 'string' } },
      });
      await expect(generateWireTypes(root, ['.'])).rejects.toThrow(/patternProperties/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keep off the names of globals', () => {
    expect(typeName('error')).toBe('WireError');
    expect(typeName('form-rimb-spese')).toBe('FormRimbSpese');
  });
});
