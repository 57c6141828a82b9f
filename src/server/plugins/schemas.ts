/**
 * JSON Schemas of the API (schemas/api/*.json, draft 2020-12, each with an `$id`) and the validators
 * that check requests against route schemas.
 *
 * Two Ajv 2020 instances: request bodies are checked strictly (a number sent as "12" is an error, an
 * unknown field is an error: removeAdditional is off), while querystring, params and headers are
 * coerced from their text form, as they can only be text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { WireTypes } from '../../../schemas/wire-types.gen';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/api/', import.meta.url));
const FORM_SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/forms/', import.meta.url));

/** The keyword under which every schema lists instances it must refuse (`examples` lists valid ones). */
export const INVALID_EXAMPLES = 'x-invalid-examples';

export interface ApiSchema {
  $id: string;
  [keyword: string]: unknown;
}

let cache: ApiSchema[] | undefined;
let formCache: ApiSchema[] | undefined;

function loadDir(dir: string, label: string): ApiSchema[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const schema = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as ApiSchema;
      if (typeof schema.$id !== 'string') throw new Error(`${label}/${name}: manca $id`);
      return schema;
    });
}

export function loadApiSchemas(): ApiSchema[] {
  cache ??= loadDir(SCHEMAS_DIR, 'schemas/api');
  return cache;
}

/** The payload schemas of the request forms (schemas/forms, `$id` form-<route>). */
export function loadFormSchemas(): ApiSchema[] {
  formCache ??= loadDir(FORM_SCHEMAS_DIR, 'schemas/forms');
  return formCache;
}

function newAjv(coerce: boolean, externals: ApiSchema[]): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  // Each schema's invalid examples (schemas/README.md): an annotation, run by tests/config/schema-examples.test.ts.
  ajv.addKeyword(INVALID_EXAMPLES);
  for (const schema of externals) ajv.addSchema(schema);
  return ajv;
}

/**
 * Compiled validators and serializers, kept for the life of the process by what they were compiled
 * from (the external schemas, the options and the route's schema). Compiling is nearly all of what
 * building the app costs (about a second); a process builds one app, but the server tests build one
 * per suite in the same worker, and each then reuses what the first compiled.
 */
const compiledCache = new Map<string, unknown>();

const scopes = new Map<string, string>();
const schemaTexts = new Map<string, number>();
const schemaNumbers = new WeakMap<object, number>();

/**
 * A number per distinct schema content: the same object is written out once. Fastify asks for a
 * compiler in every encapsulated context with the same schema objects, about a hundred times per app.
 */
function schemaNumber(schema: unknown): number | string {
  if (typeof schema !== 'object' || schema === null) return JSON.stringify(schema);
  let number = schemaNumbers.get(schema);
  if (number === undefined) {
    const text = JSON.stringify(schema);
    number = schemaTexts.get(text);
    if (number === undefined) schemaTexts.set(text, (number = schemaTexts.size));
    schemaNumbers.set(schema, number);
  }
  return number;
}

/** A short name for what a compiler factory was given (its external schemas and options). */
function scopeOf(kind: string, externalSchemas: Record<string, unknown>, options?: unknown): string {
  const parts = Object.entries(externalSchemas).map(([id, schema]) => `${id}=${schemaNumber(schema)}`);
  const text = `${kind}|${parts.join(',')}|${schemaNumber(options ?? null)}`;
  let scope = scopes.get(text);
  if (!scope) scopes.set(text, (scope = `${kind}${scopes.size}`));
  return scope;
}

function compiledOnce<T>(key: string, compile: () => T): T {
  if (compiledCache.has(key)) return compiledCache.get(key) as T;
  const value = compile();
  compiledCache.set(key, value);
  return value;
}

/** Fastify schemaController factory: same external schemas in both instances. */
export function buildValidator(externalSchemas: Record<string, unknown>) {
  const scope = scopeOf('validator', externalSchemas);
  const [strict, coercing] = compiledOnce(scope, () => {
    const externals = Object.values(externalSchemas) as ApiSchema[];
    return [newAjv(false, externals), newAjv(true, externals)] as const;
  });
  return ({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) => {
    const body = httpPart === 'body';
    return compiledOnce(`${scope}:${body ? 'body' : 'text'}:${JSON.stringify(schema)}`, () =>
      (body ? strict : coercing).compile(schema as object),
    );
  };
}

const fastifySerializers = SerializerSelector();

/** Fastify schemaController factory of the answers' serializers: Fastify's own, compiled once each. */
export function buildSerializer(externalSchemas: Record<string, unknown>, options: unknown) {
  const scope = scopeOf('serializer', externalSchemas, options);
  const compile = fastifySerializers(externalSchemas as never, options as never);
  return (route: { schema: object; method: string; url: string; httpStatus: string }) =>
    compiledOnce(`${scope}:${JSON.stringify(route.schema)}`, () => compile(route as never));
}

export interface SchemasPluginOptions {
  /** More schemas to register (form payloads handed to buildApp with `extraForms`). */
  extra?: readonly ApiSchema[];
}

/**
 * Registers every schemas/api and schemas/forms schema (plus `extra`) so routes can `$ref: '<id>#'`
 * them and OpenAPI lists them.
 */
export const schemasPlugin = fp<SchemasPluginOptions>(
  async (app: FastifyInstance, options) => {
    for (const schema of [...loadApiSchemas(), ...loadFormSchemas(), ...(options.extra ?? [])]) {
      app.addSchema(schema);
    }
  },
  { name: 'schemas' },
);

/** Error answers of a route, for OpenAPI and the serializer. */
export function errorResponses(...codes: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(codes.map((code) => [code, { $ref: 'error#' }]));
}

/**
 * The TypeScript type a route schema stands for: `{ $ref: '<id>#' }` is the generated type of that
 * schema file (schemas/wire-types.gen.ts), an array of such references an array of it, and an inline
 * schema is read by json-schema-to-ts (`FromSchema`). An unknown id, or a `$ref` nested deeper in an
 * inline schema, gives `never`: the route does not compile, rather than go untyped. Such a shape gets
 * its own file in schemas/.
 */
export type SchemaType<S> = S extends { $ref: infer Ref extends string }
  ? WireTypes[Extract<Ref extends `${infer Id}#` ? Id : Ref, keyof WireTypes>]
  : S extends { type: 'array'; items: { $ref: string } }
    ? SchemaType<S['items']>[]
    : S extends JSONSchema
      ? FromSchema<S>
      : unknown;

/**
 * An answer's type. Errors leave through the error handler (a thrown ApiError, plugins/error-handler.ts),
 * never as a handler's return value, so `error#` answers add nothing to what a handler may return: with
 * them, its open shape would let any object of strings pass as the route's answer. An answer documented
 * as `type: 'null'` (204) has no body; a text or binary answer may be sent as a Buffer or a stream, which
 * Fastify sends as they are.
 */
export type ReplyType<S> = S extends { $ref: 'error#' }
  ? never
  : S extends { type: 'null' }
    ? undefined
    : SchemaType<S> extends string
      ? string | Buffer | NodeJS.ReadableStream
      : SchemaType<S>;

/**
 * Fastify type provider of the wire: a route's `request.body`, `query`, `params` and the value its
 * handler returns are typed from its schema, so handlers restate no wire type.
 */
export interface WireTypeProvider extends FastifyTypeProvider {
  validator: SchemaType<this['schema']>;
  serializer: ReplyType<this['schema']>;
}

/** The app as route plugins see it: `export default async function routes(app: WireApp)`. */
export type WireApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  WireTypeProvider
>;
