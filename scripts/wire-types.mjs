/**
 * The wire's TypeScript types, generated from `schemas/` (ARCHITECTURE.md §5): one type per schema
 * file, named after its `$id` (`movimento` -> `Movimento`, `form-rimb-spese` -> `FormRimbSpese`), and
 * `WireTypes`, the map `$id -> type` through which the server's type provider resolves `{ $ref: 'id#' }`.
 *
 *   npm run wire-types          # rewrites schemas/wire-types.gen.ts
 *
 * The file is checked in and tests/config/wire-types.test.ts fails when it is stale, so a schema change
 * without a regeneration never reaches a review unnoticed.
 *
 * Generated rather than inferred with json-schema-to-ts's `FromSchema` over every schema: the JSON files
 * cannot be imported `as const`, the references between files would be resolved again by the compiler
 * in every route and screen, and a plain type file reads well in review. The translation covers the
 * keywords the schemas use and throws on any other type-shaping keyword, so a new construct is met by
 * extending this file rather than by a silently wrong type.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';

export const SCHEMA_DIRS = ['schemas/api', 'schemas/forms', 'schemas/admin'];
export const OUTPUT = 'schemas/wire-types.gen.ts';

/** Keywords that only constrain values or annotate: they shape no TypeScript type. */
const IGNORED = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'x-invalid-examples',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'contentMediaType',
  'contentEncoding',
  // A conditional only narrows what the plain properties already allow (`then` makes a nullable
  // field required and non-null): the base type stays correct, if wider.
  'if',
  'then',
  'else',
]);
const HANDLED = new Set([
  'type',
  'enum',
  'const',
  '$ref',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
]);

/** Names a module-level type must not take: importing it would hide the global of the same name. */
const GLOBALS = new Set([
  'Error',
  'Notification',
  'Event',
  'File',
  'Blob',
  'Response',
  'Request',
  'Document',
]);

/** `form-rimb-spese` -> `FormRimbSpese`; `error` -> `WireError` (see GLOBALS). */
export function typeName(id) {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return GLOBALS.has(name) ? `Wire${name}` : name;
}

/** The `$id` a `$ref` points at: `money`, `money#` (a whole file; fragments are not used). */
function refId(ref, where) {
  const [id, fragment = ''] = ref.split('#');
  if (fragment !== '') throw new Error(`${where}: $ref ${ref} punta dentro un file, non supportato`);
  return id;
}

function comment(schema, indent) {
  const text = [schema.title, schema.description].filter(Boolean).join(': ');
  if (!text) return '';
  return `${indent}/** ${text.replaceAll('*/', '* /')} */\n`;
}

const literal = (value) => JSON.stringify(value);
const union = (parts) => [...new Set(parts)].join(' | ') || 'never';

const PRIMITIVES = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
};

/** The TypeScript type of `schema`; `ids` are the known `$id`s, `where` names the spot for errors. */
function toType(schema, ids, where, indent) {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  for (const key of Object.keys(schema)) {
    if (!IGNORED.has(key) && !HANDLED.has(key)) {
      throw new Error(`${where}: parola chiave ${key} non tradotta in un tipo (scripts/wire-types.mjs)`);
    }
  }
  if (schema.$ref !== undefined) {
    const id = refId(schema.$ref, where);
    if (!ids.has(id)) throw new Error(`${where}: $ref ${schema.$ref} non risolve`);
    return typeName(id);
  }
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum !== undefined) return union(schema.enum.map(literal));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    return union(alternatives.map((alt, i) => toType(alt, ids, `${where}/anyOf/${i}`, indent)));
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length === 0) {
    // No `type`: an object shape when it has properties, anything otherwise.
    return schema.properties ? objectType(schema, ids, where, indent) : 'unknown';
  }
  return union(
    types.map((type) => {
      if (type in PRIMITIVES) return PRIMITIVES[type];
      if (type === 'array') return `${wrap(toType(schema.items, ids, `${where}/items`, indent))}[]`;
      if (type === 'object') return objectType(schema, ids, where, indent);
      throw new Error(`${where}: type ${type} sconosciuto`);
    }),
  );
}

/** Parentheses around a union or function type used as an array element. */
function wrap(type) {
  return /[|&]/.test(type) && !type.startsWith('{') ? `(${type})` : type;
}

function objectType(schema, ids, where, indent) {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const propertyTypes = [];
  const lines = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const type = toType(property, ids, `${where}/${name}`, inner);
    propertyTypes.push(type, ...(required.has(name) ? [] : ['undefined']));
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
    return `${comment(property, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${type};`;
  });
  const extra = schema.additionalProperties;
  if (extra !== false) {
    // Open objects (no `additionalProperties: false`): other keys may come, typed by their schema. The
    // compiler wants every named property to fit the index signature too, hence the union.
    const value = extra === undefined || extra === true ? 'unknown' : toType(extra, ids, `${where}/*`, inner);
    lines.push(`${inner}[key: string]: ${value === 'unknown' ? value : union([value, ...propertyTypes])};`);
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** Every schema file of `dirs` under `root`, sorted by folder then file name. */
export function readSchemas(root, dirs = SCHEMA_DIRS) {
  return dirs.flatMap((dir) =>
    readdirSync(resolve(root, dir))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({
        file: `${dir}/${name}`,
        schema: JSON.parse(readFileSync(join(resolve(root, dir), name), 'utf8')),
      })),
  );
}

/** The generated module's text, formatted as Prettier would leave it. */
export async function generateWireTypes(root = process.cwd(), dirs = SCHEMA_DIRS) {
  const entries = readSchemas(root, dirs);
  const ids = new Set(entries.map(({ schema }) => schema.$id));
  const names = new Map();
  const blocks = entries.map(({ file, schema }) => {
    const name = typeName(schema.$id);
    if (names.has(name)) throw new Error(`${file}: il tipo ${name} è già di ${names.get(name)}`);
    names.set(name, file);
    const body = toType(schema, ids, file, '');
    // An object shape is an interface (clearer compiler messages); anything else a type alias.
    const declaration = body.startsWith('{')
      ? `export interface ${name} ${body}`
      : `export type ${name} = ${body};`;
    return `/** ${file}${schema.title ? `: ${schema.title}` : ''}. */\n${declaration}`;
  });
  const map = entries.map(({ schema }) => `  ${literal(schema.$id)}: ${typeName(schema.$id)};`);
  const text = [
    '// Generated by scripts/wire-types.mjs from schemas/ (npm run wire-types): do not edit by hand.',
    '// tests/config/wire-types.test.ts fails when this file is older than the schemas.',
    '',
    ...blocks.flatMap((block) => [block, '']),
    '/** Every schema by its `$id`: what `{ $ref: "<id>#" }` stands for on the wire. */',
    'export interface WireTypes {',
    ...map,
    '}',
    '',
  ].join('\n');
  const output = resolve(root, OUTPUT);
  const config = (await prettier.resolveConfig(output)) ?? {};
  return prettier.format(text, { ...config, filepath: output });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(resolve(root, OUTPUT), await generateWireTypes(root));
  console.info(`${OUTPUT} scritto`);
}
