/**
 * Accessibility of the widgets and blocks (axe-core on the rendered rjsf form, colour contrast left
 * to the browser suites): labels, groups, invalid states and their messages.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { beneficiaryUi } from '../../config/forms/beneficiary';
import { monthNames } from '../../config/forms';
import { convPrevidenzaIntegrativa } from '../../config/forms/conv-previdenza-integrativa';
import { rimbInteressi } from '../../config/forms/rimb-interessi';
import { formMessages } from '../../config/messages-forms.it';
import { jsonResponse, stubApi } from './helpers';
import { renderWidgetForm } from './widgets-harness';

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

function stubAll() {
  stubApi((url) => {
    if (url === '/api/relazioni_parentali') return jsonResponse(200, [{ id: 2, nome: 'Coniuge' }]);
    if (url.startsWith('/api/fondi_previdenza')) return jsonResponse(200, []);
    return undefined;
  });
}

describe('widget accessibility', () => {
  it('category, amount, date, months and the beneficiary block with a family member, with errors', async () => {
    stubAll();
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        id_categ: { type: 'integer', title: 'Categoria' },
        importo: { type: 'string', title: 'Importo (€)' },
        data_scadenza: { type: 'string', title: 'Data di scadenza' },
        mesi_sel: {
          type: 'array',
          title: 'Mesi di riferimento',
          items: { type: 'string', enum: [...monthNames] },
          uniqueItems: true,
        },
        me_stesso: { type: 'boolean', default: true },
        cod_fisc_ben: { type: ['string', 'null'] },
        nome_ben: { type: ['string', 'null'] },
        id_relazione_ben: { type: ['integer', 'null'] },
      },
    };
    const { container } = renderWidgetForm({
      schema,
      uiSchema: {
        id_categ: { 'ui:widget': 'category' },
        importo: { 'ui:widget': 'amount' },
        data_scadenza: { 'ui:widget': 'date' },
        mesi_sel: { 'ui:widget': 'months' },
        ...beneficiaryUi,
      },
      categories: [{ id: 6, nome: 'Istruzione', me_stesso: false }],
      formData: { me_stesso: false, cod_fisc_ben: 'VRDLGU85M01F205A', importo: '99999' },
      errors: {
        mesi_sel: [formMessages.formMonthsRequired],
        nome_ben: [formMessages.formRequiredField],
        me_stesso: [formMessages.formBeneficiaryIncomplete],
      },
    });
    await waitFor(() => expect(screen.getByText(formMessages.formTaxCodeInvalid)).toBeTruthy());
    expect(await violations(container)).toEqual([]);
  });

  it('the supplier block, the loan calculator, the IBAN and the pension fund', async () => {
    stubAll();
    const supplier = renderWidgetForm({
      schema: {
        type: 'object',
        properties: {
          fornitore: {
            type: 'object',
            title: 'Fornitore',
            properties: {
              p_iva: { type: 'string' },
              ragione_sociale: { type: 'string' },
              indirizzo: { type: 'string' },
              citta: { type: 'string' },
              iban: { type: ['string', 'null'] },
            },
          },
          iban: { type: 'string', title: 'IBAN' },
        },
      },
      uiSchema: { fornitore: { 'ui:field': 'supplier' }, iban: { 'ui:widget': 'iban' } },
      formData: { fornitore: { p_iva: '01234567890' } },
      errors: { fornitore: [formMessages.formSupplierIncomplete] },
    });
    expect(await violations(supplier.container)).toEqual([]);
    supplier.unmount();

    const loan = renderWidgetForm({
      schema: {
        type: 'object',
        properties: {
          importo_interessi: { type: 'string', title: 'Quota interessi' },
          intestatari: { type: 'integer', title: 'Intestatari', default: 1 },
          importo_max_rimb: { type: 'string' },
          quant_rimb: { type: 'string', title: 'Importo da rimborsare', enum: ['massima', 'parziale'] },
          importo: { type: 'string', title: 'Importo richiesto' },
        },
      },
      uiSchema: {
        importo_interessi: { 'ui:field': 'loan-calculator' },
        intestatari: { 'ui:field': 'consumed' },
        importo_max_rimb: { 'ui:field': 'consumed' },
        quant_rimb: { 'ui:field': 'consumed' },
        importo: { 'ui:field': 'consumed' },
      },
      declaration: rimbInteressi,
      formData: { importo_interessi: '1000', quant_rimb: 'parziale' },
    });
    expect(await violations(loan.container)).toEqual([]);
    loan.unmount();

    const pension = renderWidgetForm({
      schema: {
        type: 'object',
        properties: {
          prev_ok: { type: 'boolean', title: 'Acconsento' },
          covip: { type: 'string', title: 'Fondo di previdenza' },
          istituto: { type: ['string', 'null'] },
          nome: { type: ['string', 'null'] },
        },
      },
      uiSchema: {
        prev_ok: { 'ui:widget': 'consent' },
        covip: { 'ui:field': 'pension-fund' },
        istituto: { 'ui:field': 'consumed' },
        nome: { 'ui:field': 'consumed' },
      },
      declaration: convPrevidenzaIntegrativa,
      savedFund: '1234',
      formData: { covip: '5678', istituto: 'Beta Vita', nome: 'Fondo Beta' },
      errors: { prev_ok: [formMessages.formPensionConsentRequired] },
    });
    expect(screen.getByTestId('fund-changed')).toBeTruthy();
    expect(await violations(pension.container)).toEqual([]);
  });
});
