/**
 * Vite plugin: the request forms' payload validators, compiled at BUILD time (ARCHITECTURE.md §2, §7).
 *
 * The CSP forbids `unsafe-eval`, so the browser may never compile a schema (Ajv compiles to code and
 * runs it with `new Function`). This plugin compiles every `schemas/forms/*.json` (draft 2020-12,
 * `Ajv2020`, strict, allErrors) to standalone JavaScript and serves it as the virtual module
 * `virtual:form-validators`:
 *
 *   export const formSchemas = { '<$id>': <the schema> }
 *   export const formValidators = { '<$id>': { '<$id>': validate, '<hash>': validate, ... } }
 *
 * Each entry of `formValidators` is the `validateFns` map that `createPrecompiledValidator` of
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
 * project adds `tests/fixtures/forms` so that a test-only form needs nothing in src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schemaParser } from '@rjsf/utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

const standaloneCode = standaloneModule.default ?? standaloneModule;

export const VIRTUAL_ID = 'virtual:form-validators';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

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

/**
 * The module source: each schema's code runs in its own function scope (Ajv's names such as
 * `validate10` repeat between compilations) and fills a local `exports` object.
 */
export function generateValidatorsModule(entries) {
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

  const ids = new Set();
  const blocks = entries.map(({ file, schema }, index) => {
    if (ids.has(schema.$id)) throw new Error(`${file}: duplicate form schema $id ${schema.$id}`);
    ids.add(schema.$id);
    const parsed = schemaParser(schema);
    const root = parsed[schema.$id];
    const fragments = Object.values(parsed).filter((fragment) => fragment !== root);
    const rootCode = compileStandalone([root], {});
    const fragmentCode = compileStandalone(fragments, { strictTypes: false });
    return [
      `const form${index} = {};`,
      `(function (exports) {${rewriteRequires(rootCode)}\n})(form${index});`,
      fragmentCode ? `(function (exports) {${rewriteRequires(fragmentCode)}\n})(form${index});` : '',
    ].join('\n');
  });

  const imports = [...runtimeImports].map(
    ([specifier, name]) =>
      // A CommonJS helper reaches ESM either as `{ default: fn }` or as `fn` itself, depending on the
      // bundler's interop (Vite build, Vite dev, vitest on Node): both are accepted.
      `import ${name} from ${JSON.stringify(specifier)};\n` +
      `const ${name}Default = typeof ${name} === 'function' ? ${name} : ${name}.default;`,
  );
  const schemaEntries = entries.map(
    ({ schema }) => `${JSON.stringify(schema.$id)}: ${JSON.stringify(schema)}`,
  );
  const validatorEntries = entries.map(({ schema }, index) => `${JSON.stringify(schema.$id)}: form${index}`);
  return [
    '// Generated by scripts/vite-form-validators.mjs: precompiled form validators (no eval at run time).',
    ...imports,
    ...blocks,
    `export const formSchemas = {${schemaEntries.join(',\n')}};`,
    `export const formValidators = {${validatorEntries.join(',\n')}};`,
    '',
  ].join('\n');
}

/** @param {{ dirs?: string[] }} [options] */
export function formValidatorsPlugin(options = {}) {
  const dirs = options.dirs ?? ['schemas/forms'];
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
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const entries = readFormSchemas(root, dirs);
      for (const { file } of entries) this.addWatchFile(file);
      return generateValidatorsModule(entries);
    },
    configureServer(server) {
      // A schema added, changed or removed in dev rebuilds the module (and reloads the page).
      const refresh = (file) => {
        if (!isWatched(file)) return;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) {
          server.moduleGraph.invalidateModule(module);
          server.ws.send({ type: 'full-reload' });
        }
      };
      for (const dir of absoluteDirs()) server.watcher.add(dir);
      server.watcher.on('add', refresh);
      server.watcher.on('change', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
