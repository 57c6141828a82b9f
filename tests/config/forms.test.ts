/**
 * config/forms and config/plain-forms: every declaration is consistent with its schema and every
 * reference resolves (ARCHITECTURE.md §4; spec 001 §2-5, §9; spec 002 for plain forms). Checked by what
 * each declaration must be, however many there are; the six forms of the spec, their kinds, credits,
 * category sets and slots are in spec-conformance.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import type {
  FieldCondition,
  FormDeclaration,
  PlainFormDeclaration,
  ReplaySource,
} from '../../config/forms/types';
import { formMessages, type FormMessageKey } from '../../config/messages-forms.it';
import { plainForms } from '../../config/plain-forms';
import { informativaProva } from '../fixtures/plain-forms/informativa-prova';
import { spec002PlainForms } from '../fixtures/plain-forms/spec-002';
import { supportoProva } from '../fixtures/plain-forms/supporto-prova';
import { movementKindIds, movementKinds } from '../../config/movement-kinds';
import { routes } from '../../config/routes';

interface JsonSchema {
  $id: string;
  required?: string[];
  properties: Record<string, { type?: unknown; properties?: Record<string, unknown> }>;
}

const schemas = new Map<string, JsonSchema>(
  readdirSync('schemas/forms').map((file) => {
    const schema = JSON.parse(readFileSync(`schemas/forms/${file}`, 'utf8')) as JsonSchema;
    return [schema.$id, schema];
  }),
);

/** Widget and field names the portal registers (src/client/widgets/index.ts), read as text. */
const registered = (() => {
  const source = readFileSync('src/client/widgets/index.ts', 'utf8');
  return new Set([...source.matchAll(/['"]?([a-z][a-z0-9-]*)['"]?\s*:/g)].map((m) => m[1]));
})();

/** The nine exclusion lists of 001 §9. */
const SPEC_EXCLUSION_LISTS = [
  [31],
  [27, 29, 30],
  [28],
  [6, 7, 8, 29, 30],
  [16, 24],
  [13, 31],
  [17, 18, 22, 23],
  [6, 7, 8, 27],
  [2, 3, 4, 5, 13],
];

const declarations: readonly FormDeclaration[] = forms;

interface AnswerSchema {
  type?: unknown;
  properties?: Record<string, AnswerSchema>;
  anyOf?: AnswerSchema[];
}

/** The dotted paths of the values (not objects) of an answer schema, through nullable objects. */
function leafPaths(schema: AnswerSchema, prefix = ''): string[] {
  const object = schema.properties ? schema : schema.anyOf?.find((branch) => branch.type === 'object');
  if (!object?.properties) return prefix === '' ? [] : [prefix];
  return Object.entries(object.properties).flatMap(([key, property]) =>
    leafPaths(property, prefix === '' ? key : `${prefix}.${key}`),
  );
}

function hasProperty(schema: JsonSchema, dotted: string): boolean {
  const [head, ...rest] = dotted.split('.');
  const property = schema.properties[head!];
  if (!property) return false;
  if (rest.length === 0) return true;
  return rest.length === 1 && !!property.properties && rest[0]! in property.properties;
}

describe('form declarations', () => {
  it('have unique route names, each form kind a movement kind (001 §3, 000 §3)', () => {
    const names = declarations.map((form) => form.route_name);
    expect(new Set(names).size).toBe(names.length);
    for (const form of declarations)
      expect(movementKindIds as readonly number[], form.route_name).toContain(form.kind);
  });

  it('warn with the text of the balance that pays: the ART 51 C.3 one for art51c3 (001 §5)', () => {
    for (const form of declarations) {
      if (form.credit === 'art51c3')
        expect(form.amountWarning, form.route_name).toBe('formAmountOverCreditArt51c3');
      else
        expect(['formAmountOverCredit', 'formAmountOverCreditPension'], form.route_name).toContain(
          form.amountWarning,
        );
    }
  });

  it('each has a gated route under /base-request with the replay parameter', () => {
    for (const form of declarations) {
      const rule = routes[form.route_name as keyof typeof routes];
      expect(rule, form.route_name).toBeDefined();
      expect(rule.path).toBe(`/base-request/${form.route_name}/{-$id_acq_replay}`);
      expect('thresholdOk' in rule && rule.thresholdOk).toBe(true);
    }
  });

  it('replayable movement kinds open their own form', () => {
    for (const kind of movementKinds) {
      if (!('replayRoute' in kind)) continue;
      const form = declarations.find((f) => f.route_name === kind.replayRoute);
      expect(form?.kind, `kind ${kind.id}`).toBe(kind.id);
    }
  });

  it('reference a schema whose properties cover every uiSchema, replay, payload and condition field', () => {
    for (const form of declarations) {
      const schema = schemas.get(form.schemaId);
      expect(schema, form.schemaId).toBeDefined();
      if (!schema) continue;
      const ui = Object.keys(form.uiSchema).filter((key) => !key.startsWith('ui:'));
      for (const key of ui) expect(hasProperty(schema, key), `${form.route_name} ui ${key}`).toBe(true);
      for (const key of Object.keys(schema.properties))
        expect(ui.includes(key) || key === 'docs', `${form.route_name}: ${key} has no uiSchema entry`).toBe(
          true,
        );
      for (const key of Object.keys(form.replay))
        expect(hasProperty(schema, key), `${form.route_name} replay ${key}`).toBe(true);
      for (const key of [...(form.payload.omit ?? []), ...(form.payload.blankToNull ?? [])])
        expect(hasProperty(schema, key), `${form.route_name} payload ${key}`).toBe(true);
      expect(hasProperty(schema, form.amountField)).toBe(true);
      expect(schema.required).toContain(form.amountField);
      expect(hasProperty(schema, 'id_categ')).toBe(form.categories !== false);
      const conditions: FieldCondition[] = form.slots.flatMap((slot) => [
        ...(typeof slot.required === 'object' ? [slot.required] : []),
        ...(slot.visibleWhen ? [slot.visibleWhen] : []),
      ]);
      for (const condition of conditions)
        expect(hasProperty(schema, condition.field), `${form.route_name} ${condition.field}`).toBe(true);
      // A slot drawn after a field names a top-level field the form draws.
      for (const slot of form.slots.filter((s) => s.after !== undefined)) {
        expect(hasProperty(schema, slot.after!), `${form.route_name} ${slot.name} after`).toBe(true);
        expect(slot.after, `${form.route_name} ${slot.name} after`).not.toContain('.');
      }
      expect(hasProperty(schema, 'docs')).toBe(form.slots.length > 0);
    }
  });

  it('name only widgets and fields the portal registers', () => {
    for (const form of declarations) {
      for (const [key, value] of Object.entries(form.uiSchema)) {
        if (key.startsWith('ui:') || typeof value !== 'object' || value === null) continue;
        const entry = value as Record<string, unknown>;
        for (const name of [entry['ui:widget'], entry['ui:field']]) {
          if (typeof name !== 'string' || name === 'textarea') continue;
          expect(registered.has(name), `${form.route_name}.${key}: ${name}`).toBe(true);
        }
      }
    }
  });

  it('use message keys that exist', () => {
    for (const form of declarations) {
      expect(formMessages[form.successText]).toBeTruthy();
      expect(formMessages[form.amountWarning]).toBeTruthy();
      if (form.intro.infoModal) expect(formMessages[form.intro.infoModal.body]).toBeTruthy();
      for (const slot of form.slots)
        if (slot.requiredMessage) expect(formMessages[slot.requiredMessage]).toBeTruthy();
    }
  });

  it('replay from the fields of the full purchase read (001 §3), leaves of its schema', () => {
    // The server writes its answer through these paths (payloadToReplay): each must be a value of
    // schemas/api/acquisto-full.json, not an object and not a name the schema does not know.
    const full = JSON.parse(readFileSync('schemas/api/acquisto-full.json', 'utf8')) as AnswerSchema;
    const known = new Set(leafPaths(full));
    expect(known).toContain('fornitore.p_iva');
    expect(known).toContain('note.tot_loan');
    expect(known).not.toContain('fornitore');
    for (const form of declarations)
      for (const source of Object.values(form.replay) as ReplaySource[]) {
        const paths = typeof source === 'string' ? [source] : [source.from].flat();
        for (const path of paths) expect(known.has(path), `${form.route_name}: ${path}`).toBe(true);
      }
  });

  it('declare upload slots with the exclusion lists of 001 §9, only the additional one optional', () => {
    const all = declarations.flatMap((form) => form.slots);
    const lists = new Set(all.map((slot) => JSON.stringify([...slot.exclude].sort((a, b) => a - b))));
    for (const list of SPEC_EXCLUSION_LISTS) expect(lists.has(JSON.stringify(list)), String(list)).toBe(true);
    // The payment slot excludes 31 (001 §5); optional slots are the "additional" ones only.
    for (const slot of all.filter((s) => s.file_kind === 'doc_pagam')) expect(slot.exclude).toContain(31);
    for (const form of declarations) {
      const names = form.slots.map((slot) => slot.name);
      expect(new Set(names).size, form.route_name).toBe(names.length);
      for (const slot of form.slots)
        if (slot.required === false)
          expect(slot.file_kind, `${form.route_name} ${slot.name}`).toBe('doc_extra');
    }
  });

  it('put the amortization plan of rent/mortgage only up to 68, required for 66-68 (001 §5)', () => {
    const rent = declarations.find((form) => form.route_name === 'rimb-aff-mutui')!;
    const plan = rent.slots.find((slot) => slot.file_kind === 'doc_loan')!;
    expect(plan.visibleWhen).toEqual({ field: 'id_categ', atMost: 68 });
    expect(plan.required).toEqual({ field: 'id_categ', in: [66, 67, 68] });
    expect(plan.requiredMessage).toBe('formAmortizationRequired');
  });
});

describe('request forms: the parts that moved out of the engine', () => {
  it('name a category set of their own (the numbers of the spec forms: spec-conformance.test.ts)', () => {
    const sets = declarations.flatMap((form) => (form.categories === false ? [] : [form.categories.set]));
    expect(new Set(sets).size).toBe(sets.length);
    for (const set of sets) expect(Number.isInteger(set) && set > 0, String(set)).toBe(true);
  });

  it('declare the error texts that round 1 picked by field name, in their uiSchema', () => {
    const errorsOf = (form: string, ...path: string[]) => {
      let node: unknown = declarations.find((f) => f.route_name === form)?.uiSchema;
      for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
      return (node as Record<string, unknown> | undefined)?.['ui:errors'];
    };
    expect(errorsOf('rimb-spese', 'cod_fisc_ben')).toEqual({ pattern: 'formTaxCodeInvalid' });
    expect(errorsOf('conv-ondemand', 'cod_fisc_ben')).toEqual({ pattern: 'formTaxCodeInvalid' });
    expect(errorsOf('conv-ondemand', 'fornitore', 'p_iva')).toEqual({ pattern: 'formVatInvalid' });
    expect(errorsOf('rimb-interessi', 'iban')).toEqual({ pattern: 'formIbanInvalid' });
    expect(errorsOf('rimb-aff-mutui', 'mesi_sel')).toEqual({ minItems: 'formMonthsRequired' });
    expect(errorsOf('conv-previdenza-integrativa', 'prev_ok')).toEqual({
      const: 'formPensionConsentRequired',
    });
  });
});

describe('plain form declarations', () => {
  const fixtureSchemas = new Map<string, JsonSchema>(
    readdirSync('tests/fixtures/plain-forms')
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const schema = JSON.parse(readFileSync(`tests/fixtures/plain-forms/${file}`, 'utf8')) as JsonSchema;
        return [schema.$id, schema];
      }),
  );
  // The registry's forms and the fixtures that run end to end (their schemas exist).
  const runnable: readonly PlainFormDeclaration[] = [...plainForms, informativaProva, supportoProva];

  it('have unique names and a schema whose properties cover their uiSchema, prefill and payload fields', () => {
    expect(new Set(runnable.map((form) => form.name)).size).toBe(runnable.length);
    for (const form of runnable) {
      const schema = schemas.get(form.schemaId) ?? fixtureSchemas.get(form.schemaId);
      expect(schema, form.schemaId).toBeDefined();
      if (!schema) continue;
      const fields = [
        ...Object.keys(form.uiSchema).filter((key) => !key.startsWith('ui:')),
        ...Object.keys(form.prefill?.user ?? {}),
        ...(form.payload.omit ?? []),
        ...(form.payload.blankToNull ?? []),
      ];
      for (const field of fields) expect(hasProperty(schema, field), `${form.name}: ${field}`).toBe(true);
    }
  });

  it('send an attachment only as multipart, and name message keys that exist', () => {
    for (const form of [...runnable, ...spec002PlainForms] as readonly PlainFormDeclaration[]) {
      const attachments = Object.values(form.uiSchema).filter(
        (ui) =>
          typeof ui === 'object' && ui !== null && 'ui:widget' in ui && ui['ui:widget'] === 'attachment',
      );
      if (attachments.length > 0) expect(form.submit.encoding, form.name).toBe('multipart');
      const keys = [
        form.submitLabel,
        form.submittingText,
        form.errorIntro,
        form.success.dialog?.title,
        form.success.dialog?.text,
        form.success.toast?.title,
        form.success.toast?.text,
      ].filter((key): key is FormMessageKey => key !== undefined);
      for (const key of keys) expect(formMessages[key], `${form.name}: ${key}`).toBeTruthy();
      if (typeof form.success.then === 'object') expect(routes[form.success.then.route]).toBeDefined();
    }
  });
});
