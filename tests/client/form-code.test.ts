/**
 * The code a form needs beyond the engine (issue 25, bundle): its validator and only the named widgets
 * and fields its uiSchema names are loaded, once; and the validators plugin refuses a schema the
 * bundle's stand-ins cannot serve.
 */
import type { Field, Widget } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { convOndemand } from '../../config/forms/conv-ondemand';
import { rimbInteressi } from '../../config/forms/rimb-interessi';
import { loadFormCode, uiNames } from '../../src/client/engine/forms/form-code';
import type { FormWidgets } from '../../src/client/form-kit';
import { formWidgetRegistry } from '../../src/client/features/forms/widget-registry';
import { browserUnsupportedKeyword } from '../../scripts/vite-form-validators.mjs';

const widget = (name: string) => Object.assign(() => null, { displayName: name }) as unknown as Widget;
const field = (name: string) => Object.assign(() => null, { displayName: name }) as unknown as Field;

function spyRegistry() {
  const loads = {
    amount: vi.fn(async () => widget('amount')),
    category: vi.fn(async () => widget('category')),
    date: vi.fn(async () => widget('date')),
    iban: vi.fn(async () => widget('iban')),
    months: vi.fn(async () => widget('months')),
    documents: vi.fn(async () => field('documents')),
    supplier: vi.fn(async () => field('supplier')),
    beneficiary: vi.fn(async () => field('beneficiary')),
    'loan-calculator': vi.fn(async () => field('loan-calculator')),
  };
  const registry: FormWidgets = {
    replaced: { TextareaWidget: widget('textarea') },
    widgets: {
      amount: loads.amount,
      category: loads.category,
      date: loads.date,
      iban: loads.iban,
      months: loads.months,
    },
    fields: {
      documents: loads.documents,
      supplier: loads.supplier,
      beneficiary: loads.beneficiary,
      'loan-calculator': loads['loan-calculator'],
    },
    blockHooks: {},
  };
  return { registry, loads };
}

describe('the code of a form', () => {
  it('finds the widget and field names anywhere in a uiSchema', () => {
    expect(uiNames({ a: { 'ui:widget': 'amount' }, b: { c: { 'ui:widget': 'date' } } }, 'ui:widget')).toEqual(
      new Set(['amount', 'date']),
    );
    expect(uiNames(convOndemand.uiSchema, 'ui:field')).toContain('supplier');
  });

  it('loads the validator and only the widgets and fields the form names, once', async () => {
    const { registry, loads } = spyRegistry();
    const code = await loadFormCode(convOndemand, registry);
    expect(code?.compiled.schema.$id).toBe(convOndemand.schemaId);
    expect(Object.keys(code?.widgets ?? {}).sort()).toEqual(['TextareaWidget', 'amount', 'category', 'date']);
    expect(Object.keys(code?.fields ?? {})).toContain('supplier');
    expect(loads.iban).not.toHaveBeenCalled();
    expect(loads.months).not.toHaveBeenCalled();
    expect(loads['loan-calculator']).not.toHaveBeenCalled();
    // The same form again: the same objects, nothing loaded twice.
    expect(await loadFormCode(convOndemand, registry)).toBe(code);
    // Another form shares the widgets already loaded.
    await loadFormCode(rimbInteressi, registry);
    expect(loads.iban).toHaveBeenCalledTimes(1);
    expect(loads['loan-calculator']).toHaveBeenCalledTimes(1);
    expect(loads.category).toHaveBeenCalledTimes(1);
  });

  it('the portal registry loads every widget and field a declared form names', async () => {
    const code = await loadFormCode(rimbInteressi, formWidgetRegistry);
    for (const name of uiNames(rimbInteressi.uiSchema, 'ui:widget'))
      expect(typeof code?.widgets[name], name).toBe('function');
    for (const name of uiNames(rimbInteressi.uiSchema, 'ui:field'))
      expect(typeof code?.fields[name], name).toBe('function');
  });

  it('is undefined for a schema that was not compiled', async () => {
    const { registry } = spyRegistry();
    expect(
      await loadFormCode({ ...convOndemand, schemaId: 'form-does-not-exist' }, registry),
    ).toBeUndefined();
  });
});

describe('what the bundle cannot draw is refused at build time', () => {
  it('allOf, $ref, patternProperties and a date, time or file format', () => {
    const object = (properties: Record<string, unknown>) => ({ $id: 'form-x', type: 'object', properties });
    expect(browserUnsupportedKeyword(object({ a: { type: 'string', format: 'email' } }))).toBeNull();
    expect(browserUnsupportedKeyword({ ...object({}), allOf: [] })).toBe('allOf');
    expect(browserUnsupportedKeyword(object({ a: { $ref: '#/$defs/a' } }))).toBe('$ref');
    expect(browserUnsupportedKeyword({ ...object({}), patternProperties: {} })).toBe('patternProperties');
    expect(browserUnsupportedKeyword(object({ a: { type: 'string', format: 'date' } }))).toBe(
      'format "date"',
    );
  });
});
