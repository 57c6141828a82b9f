/**
 * Italian errors only (issue 5): every Ajv keyword the payload schemas use maps to a text of
 * config/messages-forms.it.ts, rjsf's own control texts are Italian, and the validators are compiled
 * at build time into code that needs no `eval` and carries no Ajv message at all.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { TranslatableString, englishStringTranslator } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import {
  collectFieldErrors,
  italianErrorTransformer,
  italianTranslateString,
  mergeFieldErrors,
  toErrorSchema,
} from '../../src/client/engine/forms/form-errors';
import { compiledFormSchema, loadCompiledFormSchema } from '../../src/client/engine/forms/validators';
import {
  generateFormValidatorModule,
  generateValidatorsModule,
  readFormSchemas,
} from '../../scripts/vite-form-validators.mjs';
import { messages as sharedWords } from '../../config/messages-account.it';

// Each form's validator is a module of its own, loaded with the form: loaded here once for every form.
beforeAll(async () => {
  await Promise.all(forms.map((form) => loadCompiledFormSchema(form.schemaId)));
});

const ENGLISH = /\b(must|should|required property|NOT|allowed|equal to|match|pattern)\b/;

function errorsOf(schemaId: string, data: Record<string, unknown>) {
  const compiled = compiledFormSchema(schemaId);
  if (!compiled) throw new Error(`no validator for ${schemaId}`);
  const { errors } = compiled.validator.validateFormData(
    data,
    compiled.schema,
    undefined,
    // The texts of a field come from its form's uiSchema (`ui:errors`).
    italianErrorTransformer(data, forms.find((form) => form.schemaId === schemaId)?.uiSchema),
  );
  for (const error of errors) {
    expect(error.message ?? '', error.name).not.toMatch(ENGLISH);
    expect(error.stack, error.name).not.toMatch(ENGLISH);
  }
  return collectFieldErrors(errors);
}

describe('every Ajv keyword has an Italian text', () => {
  it('required, pattern (amount, tax code), minLength, enum; the conditional "if" itself is not shown', () => {
    const errors = errorsOf('form-rimb-spese', {
      importo: '12,5',
      me_stesso: false,
      cod_fisc_ben: 'abc',
      nome_ben: 'A',
      id_relazione_ben: 5,
      docs: [],
    });
    expect(errors).toEqual({
      id_categ: [formMessages.formRequiredField],
      importo: [formMessages.formAmountInvalid],
      cod_fisc_ben: [formMessages.formTaxCodeInvalid],
      nome_ben: [formMessages.formInvalidValue],
      id_relazione_ben: [formMessages.formChooseOption],
    });
  });

  it('a missing value is "required" whatever the keyword that notices it', () => {
    const errors = errorsOf('form-rimb-spese', {
      id_categ: 3,
      importo: '10',
      me_stesso: false,
      cod_fisc_ben: null,
      nome_ben: '',
      id_relazione_ben: null,
      docs: [],
    });
    expect(errors).toEqual({
      cod_fisc_ben: [formMessages.formRequiredField],
      nome_ben: [formMessages.formRequiredField],
      id_relazione_ben: [formMessages.formRequiredField],
    });
  });

  it('IBAN, date, minimum, maximum, enum of the loan interest form', () => {
    const base = {
      id_categ: 1,
      importo_interessi: '100.00',
      importo_max_rimb: '90.00',
      importo: '90.00',
      docs: [],
    };
    expect(
      errorsOf('form-rimb-interessi', {
        ...base,
        data_rata: '01/02/2026',
        intestatari: 0,
        quant_rimb: 'tutto',
        iban: 'it60x0542811101000000123456',
      }),
    ).toEqual({
      data_rata: [formMessages.formInvalidDate],
      intestatari: [formatFormMessage('formMinimum', { limit: 1 })],
      quant_rimb: [formMessages.formChooseOption],
      iban: [formMessages.formIbanInvalid],
    });
    expect(
      errorsOf('form-rimb-interessi', {
        ...base,
        data_rata: '2026-02-01',
        intestatari: 11,
        quant_rimb: 'massima',
        iban: 'IT60X0542811101000000123456',
      }),
    ).toEqual({ intestatari: [formatFormMessage('formMaximum', { limit: 10 })] });
  });

  it('nested fields keep their dotted name: VAT number and the supplier fields; maxLength', () => {
    const errors = errorsOf('form-conv-ondemand', {
      id_categ: 1,
      importo: '10.00',
      data_scadenza: '2026-05-01',
      note: 'x'.repeat(1001),
      fornitore: { p_iva: '123', indirizzo: 'Via Roma 1', citta: 'Roma' },
      me_stesso: true,
      docs: [],
    });
    expect(errors).toEqual({
      note: [formatFormMessage('formTooLong', { limit: 1000 })],
      'fornitore.ragione_sociale': [formMessages.formRequiredField],
      'fornitore.p_iva': [formMessages.formVatInvalid],
    });
    expect(toErrorSchema(errors)).toEqual({
      note: { __errors: [formatFormMessage('formTooLong', { limit: 1000 })] },
      fornitore: {
        ragione_sociale: { __errors: [formMessages.formRequiredField] },
        p_iva: { __errors: [formMessages.formVatInvalid] },
      },
    });
  });

  it('months: at least one (minItems), and only month names (an item belongs to its list)', () => {
    const base = { id_categ: 70, importo: '500.00', docs: [] };
    expect(errorsOf('form-rimb-aff-mutui', { ...base, mesi_sel: [] })).toEqual({
      mesi_sel: [formMessages.formMonthsRequired],
    });
    expect(errorsOf('form-rimb-aff-mutui', { ...base, mesi_sel: ['gennaio', 'brumaio'] })).toEqual({
      mesi_sel: [formMessages.formChooseOption],
    });
  });

  it('const on the pension consent; anything else is "Valore non valido." on the form as a whole', () => {
    expect(
      errorsOf('form-conv-previdenza-integrativa', {
        prev_ok: false,
        covip: 'C1',
        importo: '10.00',
        altro: 1,
      }),
    ).toEqual({
      prev_ok: [formMessages.formPensionConsentRequired],
      '': [formMessages.formInvalidValue],
    });
  });

  it("a field's text for a keyword is its uiSchema's `ui:errors`, not a guess from its name", () => {
    const compiled = compiledFormSchema('form-rimb-spese')!;
    const data = { id_categ: 1, importo: '10', me_stesso: false, cod_fisc_ben: 'abc', docs: [] };
    const textsWith = (uiSchema: unknown) =>
      collectFieldErrors(
        compiled.validator.validateFormData(
          data,
          compiled.schema,
          undefined,
          italianErrorTransformer(data, uiSchema),
        ).errors,
      ).cod_fisc_ben;
    expect(textsWith(undefined)).toEqual([formMessages.formInvalidValue]);
    expect(textsWith({ cod_fisc_ben: { 'ui:errors': { pattern: 'formTaxCodeInvalid' } } })).toEqual([
      formMessages.formTaxCodeInvalid,
    ]);
    expect(textsWith({ cod_fisc_ben: { 'ui:errors': { pattern: 'formVatInvalid' } } })).toEqual([
      formMessages.formVatInvalid,
    ]);
  });

  it('the shared rules speak for a field before the schema does', () => {
    expect(
      mergeFieldErrors(
        { covip: [formMessages.formRequiredField], id_categ: [formMessages.formRequiredField] },
        { covip: [formMessages.formFundNotSelected], docs: ['x'] },
      ),
    ).toEqual({
      covip: [formMessages.formFundNotSelected],
      id_categ: [formMessages.formRequiredField],
      docs: ['x'],
    });
  });
});

describe("rjsf's own texts", () => {
  it('are all Italian', () => {
    // Form texts, and the words every area shares (Sì, No, Chiudi: the account catalogue).
    const italian = new Set<string>([...Object.values(formMessages), ...Object.values(sharedWords)]);
    for (const text of Object.values(TranslatableString)) {
      const translated = italianTranslateString(text, ['Campo']);
      // "No" is the same word in both languages.
      if (text !== TranslatableString.NoLabel)
        expect(translated, text).not.toBe(englishStringTranslator(text, ['Campo']));
      if (text !== TranslatableString.KeyLabel && text !== TranslatableString.DeprecatedLabel)
        expect(italian.has(translated) || translated.startsWith('Opzione'), `${text} -> ${translated}`).toBe(
          true,
        );
    }
  });
});

describe('validators precompiled at build time', () => {
  it('every form schema and the fixture forms are compiled, with the sub-schemas rjsf checks', async () => {
    for (const id of [
      'form-conv-ondemand',
      'form-rimb-spese',
      'form-rimb-interessi',
      'form-rimb-bollette',
      'form-rimb-aff-mutui',
      'form-conv-previdenza-integrativa',
      'form-rimb-prova',
    ]) {
      expect((await loadCompiledFormSchema(id))?.schema.$id, id).toBe(id);
      expect(compiledFormSchema(id)?.schema.$id, id).toBe(id);
    }
    expect(await loadCompiledFormSchema('form-does-not-exist')).toBeUndefined();
    expect(compiledFormSchema('form-does-not-exist')).toBeUndefined();
    // rjsf resolves the beneficiary's if/then with the precompiled `if` validator: no exception.
    const compiled = compiledFormSchema('form-rimb-spese');
    const schema = compiled?.schema as RJSFSchema;
    expect(compiled?.validator.isValid(schema.if as RJSFSchema, { me_stesso: false }, schema)).toBe(true);
    expect(compiled?.validator.isValid(schema.if as RJSFSchema, { me_stesso: true }, schema)).toBe(false);
  });

  it('the generated modules need no eval, no require and ship no Ajv message', () => {
    const entries = readFormSchemas(process.cwd(), ['schemas/forms']);
    const index = generateValidatorsModule(entries);
    // The index holds only a loader per form: no schema, no validator.
    for (const { schema } of entries)
      expect(index).toContain(`import("virtual:form-validators/${schema.$id}")`);
    expect(index).not.toMatch(/validate\d|"properties"/);
    const modules = entries.map((entry) => generateFormValidatorModule(entry));
    for (const code of modules) {
      expect(code).not.toMatch(/new Function|\beval\(/);
      expect(code).not.toMatch(/require\(/);
      expect(code).not.toMatch(/must have required property|must be equal to/);
    }
    expect(modules.join('\n')).toContain('import ajvRuntime0 from "ajv/dist/runtime/ucs2length"');
  });

  it('rejects a schema without $id', () => {
    expect(() => generateValidatorsModule([{ file: 'x.json', schema: {} as { $id: string } }])).toThrow();
  });
});

describe('what a keystroke re-renders', () => {
  it('free text changes only its own field; blocks, their fields and slot conditions reach every widget', async () => {
    const { watchedFields } = await import('../../src/client/engine/forms/form-engine');
    const { convOndemand } = await import('../../config/forms/conv-ondemand');
    const { rimbAffMutui } = await import('../../config/forms/rimb-aff-mutui');
    const ondemand = compiledFormSchema('form-conv-ondemand')?.schema as RJSFSchema;
    expect(watchedFields(convOndemand, ondemand).sort()).toEqual(
      ['cod_fisc_ben', 'docs', 'fornitore', 'id_categ', 'id_relazione_ben', 'me_stesso', 'nome_ben'].sort(),
    );
    const mutui = compiledFormSchema('form-rimb-aff-mutui')?.schema as RJSFSchema;
    expect(watchedFields(rimbAffMutui, mutui).sort()).toEqual(['docs', 'id_categ', 'mesi_sel'].sort());
  });
});

describe('the fast-uri stand-in of the browser bundle', () => {
  it('resolves and compares the URIs rjsf meets like fast-uri', async () => {
    const fastUri = (await import('fast-uri')).default;
    const standIn = await import('../../src/client/engine/forms/build/uri-resolver');
    const resolveCases: [string, string][] = [
      ['form-rimb-spese', '#/$defs/importo'],
      ['https://schemi.example/forms/a.json', 'b.json'],
      ['https://schemi.example/forms/a.json', '#/$defs/x'],
      ['https://schemi.example/forms/a.json', 'https://altro.example/c.json#/x'],
      ['form-rimb-spese', 'https://altro.example/c.json'],
    ];
    for (const [base, ref] of resolveCases)
      expect(standIn.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
    const equalCases: [string, string][] = [
      ['form-rimb-spese', 'form-rimb-spese'],
      ['form-rimb-spese', 'form-rimb-bollette'],
      ['HTTPS://Schemi.example/a.json', 'https://schemi.example/a.json'],
      ['https://schemi.example/a.json#', 'https://schemi.example/a.json'],
    ];
    for (const [a, b] of equalCases) expect(standIn.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
