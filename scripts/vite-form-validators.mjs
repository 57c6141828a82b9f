/**
 * Vite plugin: the request forms' payload validators, compiled at BUILD time (ARCHITECTURE.md §2, §7).
 *
 * The CSP forbids `unsafe-eval`, so the browser may never compile a schema (Ajv compiles to code and
 * runs it with `new Function`). This plugin compiles every `schemas/forms/*.json` (draft 2020-12,
 * `Ajv2020`, strict, allErrors) to standalone JavaScript, one virtual module per form, so that a form's
 * page downloads its own validator and no other form's (issue 25, bundle):
 *
 *   virtual:form-validators         export const formValidatorLoaders = { '<$id>': () => import(...) }
 *   virtual:form-validators/<$id>   export const schema = <the schema>
 *                                   export const validators = { '<$id>': validate, '<hash>': validate, ... }
 *
 * Each form's `validators` is the `validateFns` map that `createPrecompiledValidator` of
 * @rjsf/validator-ajv8 expects: the schema itself under its `$id`, plus every sub-schema rjsf asks
 * `isValid` about (the `if` of a conditional, found by rjsf's own `schemaParser`) under rjsf's hash.
 * The sub-schemas are fragments of the already strictly checked schema, so they are compiled without
 * `strictTypes` (an `if` fragment has no `type: object` of its own).
 *
 * Ajv's generated code refers to a few runtime helpers by `require(...)` (e.g. `ucs2length` for
 * `maxLength`); they are rewritten to ESM imports. Error messages are not generated (`messages:
 * false`): the portal maps every keyword to an Italian text (src/client/engine/forms/form-errors.ts),
 * so no English Ajv text is even shipped.
 *
 * Options: `dirs` (folders of payload schemas, default `['schemas/forms']`); the vitest `client`
 * project adds `tests/fixtures/forms` so that a test-only form needs nothing in src/. The `forms/` folder
 * of the installation's overlay (`WELFARE_EXTENSIONS`, scripts/welfare-extensions.mjs) is always added.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schemaParser } from '@rjsf/utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { extensionSchemaDirs } from './welfare-extensions.mjs';

const standaloneCode = standaloneModule.default ?? standaloneModule;

export const VIRTUAL_ID = 'virtual:form-validators';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** The module of one form: `virtual:form-validators/<$id, URI-encoded>`. */
const formModuleId = (schemaId) => `${VIRTUAL_ID}/${encodeURIComponent(schemaId)}`;

/** Ajv options shared by the portal's build and (by intent) the server: draft 2020-12, strict, all errors. */
const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  // `type: ["string", "null"]` is how the schemas say "optional text sent as null".
  allowUnionTypes: true,
  messages: false,
  code: { source: true, esm: false, lines: false, optimize: true },
  // The contract's invalid examples (schemas/README.md): an annotation, known so strict mode accepts it.
  keywords: ['x-invalid-examples'],
};

/** Annotations for the contract's tests and OpenAPI: not shipped to the browser. */
const NOT_SHIPPED = ['examples', 'x-invalid-examples'];

/**
 * Formats rjsf would draw with a widget the portal's bundle leaves out (vite.config.ts `rjsfUnreachable`):
 * a date is the portal's `date` widget (`ui:widget`), with no `format`.
 */
const UNDRAWN_FORMATS = new Set(['date', 'date-time', 'time', 'data-url', 'alt-date', 'alt-datetime']);

/**
 * The keywords the portal's bundle does not carry the code for (vite.config.ts replaces rjsf's `allOf`
 * merger, its `$ref` URI library and its date, time and file widgets with small stand-ins): `allOf`,
 * `patternProperties`, `$ref`, and the formats of `UNDRAWN_FORMATS`. The first one found anywhere in
 * `schema`, or null.
 */
export function browserUnsupportedKeyword(schema) {
  if (schema === null || typeof schema !== 'object') return null;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'allOf' || key === 'patternProperties' || key === '$ref') return key;
    if (key === 'format' && UNDRAWN_FORMATS.has(value)) return `format "${value}"`;
    const found = browserUnsupportedKeyword(value);
    if (found) return found;
  }
  return null;
}

/** The JSON schemas of `dirs` (sorted by file name), each with its `$id`. */
export function readFormSchemas(root, dirs) {
  const schemas = [];
  for (const dir of dirs) {
    const absolute = resolve(root, dir);
    let names;
    try {
      names = readdirSync(absolute).filter((name) => name.endsWith('.json'));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const file = join(absolute, name);
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      for (const keyword of NOT_SHIPPED) delete schema[keyword];
      if (typeof schema.$id !== 'string' || schema.$id === '') {
        throw new Error(`${file}: a form payload schema needs an $id`);
      }
      const unsupported = browserUnsupportedKeyword(schema);
      if (unsupported) throw new Error(`${file}: ${unsupported} is not supported in a form payload schema`);
      schemas.push({ file, schema });
    }
  }
  return schemas;
}

/** Standalone CommonJS-style code of `schemas` (one `exports[id] = validate` per schema). */
function compileStandalone(schemas, options) {
  if (schemas.length === 0) return '';
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options, schemas });
  return standaloneCode(ajv);
}

/** The index module: one loader per form `$id` (each form's validator is a chunk of its own). */
export function generateValidatorsModule(entries) {
  const ids = new Set();
  for (const { file, schema } of entries) {
    if (typeof schema.$id !== 'string' || schema.$id === '')
      throw new Error(`${file}: a form payload schema needs an $id`);
    if (ids.has(schema.$id)) throw new Error(`${file}: duplicate form schema $id ${schema.$id}`);
    ids.add(schema.$id);
  }
  const loaders = entries.map(
    ({ schema }) =>
      `${JSON.stringify(schema.$id)}: () => import(${JSON.stringify(formModuleId(schema.$id))})`,
  );
  return [
    '// Generated by scripts/vite-form-validators.mjs: a loader per form of its precompiled validator.',
    `export const formValidatorLoaders = {${loaders.join(',\n')}};`,
    '',
  ].join('\n');
}

/**
 * The module of one form: the schema's code runs in its own function scope (Ajv's names such as
 * `validate10` repeat between its two compilations) and fills a local `exports` object.
 */
export function generateFormValidatorModule({ schema }) {
  const runtimeImports = new Map();
  const importName = (specifier) => {
    if (!runtimeImports.has(specifier)) runtimeImports.set(specifier, `ajvRuntime${runtimeImports.size}`);
    return runtimeImports.get(specifier);
  };
  const rewriteRequires = (code) =>
    code.replace(/require\(("[^"]+")\)(\.default)?/g, (_whole, quoted, dotDefault) => {
      const name = importName(JSON.parse(quoted));
      return dotDefault ? `${name}Default` : name;
    });

  const parsed = schemaParser(schema);
  const root = parsed[schema.$id];
  const fragments = Object.values(parsed).filter((fragment) => fragment !== root);
  const rootCode = compileStandalone([root], {});
  const fragmentCode = compileStandalone(fragments, { strictTypes: false });
  const blocks = [
    'const form = {};',
    `(function (exports) {${rewriteRequires(rootCode)}\n})(form);`,
    fragmentCode ? `(function (exports) {${rewriteRequires(fragmentCode)}\n})(form);` : '',
  ];
  const imports = [...runtimeImports].map(
    ([specifier, name]) =>
      // A CommonJS helper reaches ESM either as `{ default: fn }` or as `fn` itself, depending on the
      // bundler's interop (Vite build, Vite dev, vitest on Node): both are accepted.
      `import ${name} from ${JSON.stringify(specifier)};\n` +
      `const ${name}Default = typeof ${name} === 'function' ? ${name} : ${name}.default;`,
  );
  return [
    `// Generated by scripts/vite-form-validators.mjs: the precompiled validator of ${schema.$id} (no eval at run time).`,
    ...imports,
    ...blocks,
    `export const schema = ${JSON.stringify(schema)};`,
    'export const validators = form;',
    '',
  ].join('\n');
}

/** @param {{ dirs?: string[] }} [options] */
export function formValidatorsPlugin(options = {}) {
  // The installation's overlay (WELFARE_EXTENSIONS, scripts/welfare-extensions.mjs): its forms' schemas too.
  const dirs = [...(options.dirs ?? ['schemas/forms']), ...extensionSchemaDirs()];
  let root = process.cwd();
  const absoluteDirs = () => dirs.map((dir) => resolve(root, dir));
  const isWatched = (file) =>
    file.endsWith('.json') && absoluteDirs().some((dir) => file.startsWith(`${dir}/`));

  return {
    name: 'welfare-form-validators',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      return id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (id !== RESOLVED_ID && !id.startsWith(`${RESOLVED_ID}/`)) return null;
      const entries = readFormSchemas(root, dirs);
      for (const { file } of entries) this.addWatchFile(file);
      if (id === RESOLVED_ID) return generateValidatorsModule(entries);
      const schemaId = decodeURIComponent(id.slice(RESOLVED_ID.length + 1));
      const entry = entries.find(({ schema }) => schema.$id === schemaId);
      if (!entry) throw new Error(`${VIRTUAL_ID}: no form schema ${schemaId}`);
      return generateFormValidatorModule(entry);
    },
    configureServer(server) {
      // A schema added, changed or removed in dev rebuilds the module (and reloads the page).
      const refresh = (file) => {
        if (!isWatched(file)) return;
        const modules = [...server.moduleGraph.idToModuleMap]
          .filter(([id]) => id === RESOLVED_ID || id.startsWith(`${RESOLVED_ID}/`))
          .map(([, module]) => module);
        for (const module of modules) server.moduleGraph.invalidateModule(module);
        if (modules.length > 0) server.ws.send({ type: 'full-reload' });
      };
      for (const dir of absoluteDirs()) server.watcher.add(dir);
      server.watcher.on('add', refresh);
      server.watcher.on('change', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
