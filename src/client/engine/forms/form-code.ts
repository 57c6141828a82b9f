/**
 * The code one form needs beyond the engine, loaded when the form opens (issue 25, bundle): its schema
 * and precompiled validator (a chunk per form, validators.ts) and the named widgets and fields its
 * uiSchema names (a chunk per widget, from the registry the engine receives). A form's page downloads
 * neither another form's validator nor a widget it does not name. What was loaded once is kept: the
 * same form opened again is drawn at once, with the same objects (rjsf keeps its registry).
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { FormWidgets } from '../../form-kit';
import type { AnyFormDeclaration } from '../../../shared/forms';
import { loadCompiledFormSchema, type CompiledFormSchema } from './validators';

export interface FormCode {
  readonly compiled: CompiledFormSchema;
  /** For rjsf: the replaced rjsf widgets and the named widgets the form uses. */
  readonly widgets: RegistryWidgetsType;
  /** For rjsf: the named fields the form uses. */
  readonly fields: RegistryFieldsType;
}

export type FormCodeState =
  | { readonly status: 'loading' }
  /** No such schema was compiled, or a chunk did not load. */
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly code: FormCode };

/** The values of `key` (`ui:widget`, `ui:field`) anywhere in a uiSchema. */
export function uiNames(uiSchema: unknown, key: 'ui:widget' | 'ui:field'): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    for (const [name, value] of Object.entries(node)) {
      if (name === key && typeof value === 'string') names.add(value);
      else visit(value);
    }
  };
  visit(uiSchema);
  return names;
}

/** One load per component, per registry (a failed one may be tried again). */
const componentLoads = new WeakMap<FormWidgets, Map<string, Promise<unknown>>>();
/** The code of each declaration once loaded, per registry. */
const loadedCode = new WeakMap<FormWidgets, WeakMap<AnyFormDeclaration, FormCode>>();

function loadComponent<T>(registry: FormWidgets, key: string, load: () => Promise<T>): Promise<T> {
  let loads = componentLoads.get(registry);
  if (!loads) componentLoads.set(registry, (loads = new Map()));
  let pending = loads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}

/** The named components of `table` that `names` asks for (names rjsf itself knows are left to rjsf). */
async function loadNamed<T>(
  registry: FormWidgets,
  kind: string,
  table: Readonly<Record<string, () => Promise<T>>>,
  names: Set<string>,
): Promise<Record<string, T>> {
  const wanted = [...names].filter((name) => Object.hasOwn(table, name));
  const loaded = await Promise.all(
    wanted.map((name) => loadComponent(registry, `${kind}:${name}`, table[name]!)),
  );
  return Object.fromEntries(wanted.map((name, index) => [name, loaded[index]!]));
}

/** Loads the schema, the validator and the named widgets and fields of `declaration`. */
export async function loadFormCode(
  declaration: AnyFormDeclaration,
  registry: FormWidgets,
): Promise<FormCode | undefined> {
  const known = loadedCode.get(registry)?.get(declaration);
  if (known) return known;
  const [compiled, widgets, fields] = await Promise.all([
    loadCompiledFormSchema(declaration.schemaId),
    loadNamed(registry, 'widget', registry.widgets, uiNames(declaration.uiSchema, 'ui:widget')),
    loadNamed(registry, 'field', registry.fields, uiNames(declaration.uiSchema, 'ui:field')),
  ]);
  if (!compiled) return undefined;
  const code: FormCode = {
    compiled,
    widgets: { ...registry.replaced, ...widgets } as RegistryWidgetsType,
    fields: fields as RegistryFieldsType,
  };
  let byDeclaration = loadedCode.get(registry);
  if (!byDeclaration) loadedCode.set(registry, (byDeclaration = new WeakMap()));
  byDeclaration.set(declaration, code);
  return code;
}

/** `loadFormCode` for a screen: ready at once when the form's code was loaded before. */
export function useFormCode(declaration: AnyFormDeclaration, registry: FormWidgets): FormCodeState {
  const known = loadedCode.get(registry)?.get(declaration);
  const [state, setState] = useState<{ key: AnyFormDeclaration; state: FormCodeState } | null>(null);
  useEffect(() => {
    if (loadedCode.get(registry)?.has(declaration)) return;
    let current = true;
    loadFormCode(declaration, registry).then(
      (code) => {
        if (current)
          setState({ key: declaration, state: code ? { status: 'ready', code } : { status: 'failed' } });
      },
      (error: unknown) => {
        console.warn('Form code not loaded', error);
        if (current) setState({ key: declaration, state: { status: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [declaration, registry]);
  if (known) return { status: 'ready', code: known };
  return state?.key === declaration ? state.state : { status: 'loading' };
}
