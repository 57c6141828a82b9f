/**
 * The pension form's `consent` widget and `pension-fund` field (spec 001 §2, §3, §4 "Pension", §5)
 * inside a real rjsf form: the saved fund first, the search from 2 characters, the change warning
 * with "Annulla modifica".
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { convPrevidenzaIntegrativa } from '../../config/forms/conv-previdenza-integrativa';
import { formMessages } from '../../config/messages-forms.it';
import { SUGGESTION_DEBOUNCE_MS } from '../../src/client/widgets/common/use-suggestions';
import { jsonResponse, stubApi, type RecordedCall } from './helpers';
import { inputLabelled, pause, renderWidgetForm, SLOW, type } from './widgets-harness';

const funds = [
  { covip: '1234', nome: 'Fondo Alfa', istituto: 'Alfa Previdenza' },
  { covip: '5678', nome: 'Fondo Beta', istituto: 'Beta Vita' },
  { covip: '9012', nome: 'Fondo Gamma', istituto: 'Beta Vita' },
];

const schema = {
  type: 'object',
  properties: {
    prev_ok: {
      title: "Dichiaro di aver letto l'informativa e acconsento al versamento al fondo indicato",
      type: 'boolean',
    },
    covip: { title: 'Fondo di previdenza', type: 'string' },
    istituto: { title: 'Istituto', type: ['string', 'null'], readOnly: true },
    nome: { title: 'Nome del fondo', type: ['string', 'null'], readOnly: true },
  },
} satisfies RJSFSchema;

const uiSchema = {
  prev_ok: { 'ui:widget': 'consent' },
  covip: { 'ui:field': 'pension-fund' },
  istituto: { 'ui:field': 'consumed' },
  nome: { 'ui:field': 'consumed' },
};

function stubFunds(): RecordedCall[] {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname !== '/api/fondi_previdenza') return undefined;
    const term = (parsed.searchParams.get('term') ?? '').toLowerCase();
    return jsonResponse(
      200,
      funds.filter((fund) =>
        [fund.covip, fund.nome, fund.istituto].some((value) => value.toLowerCase().includes(term)),
      ),
    );
  });
}

function renderPension(savedFund: string | null) {
  const calls = stubFunds();
  const view = renderWidgetForm({
    schema,
    uiSchema,
    declaration: convPrevidenzaIntegrativa,
    savedFund,
  });
  return { ...view, calls };
}

const fundCalls = (calls: RecordedCall[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/fondi_previdenza'));

describe('pension-fund field', () => {
  it("starts from the user's saved fund, found by its COVIP code, shown read-only", async () => {
    const { calls, handle } = renderPension('1234');
    await waitFor(
      () =>
        expect(handle.data()).toMatchObject({
          covip: '1234',
          istituto: 'Alfa Previdenza',
          nome: 'Fondo Alfa',
        }),
      SLOW,
    );
    expect(fundCalls(calls)).toEqual(['/api/fondi_previdenza?term=1234&limit=10']);
    const institute = inputLabelled(formMessages.formFundInstitute);
    expect(institute.value).toBe('Alfa Previdenza');
    expect(institute.readOnly).toBe(true);
    expect(inputLabelled(formMessages.formFundName).value).toBe('Fondo Alfa');
    expect(inputLabelled(formMessages.formFundCovipCode).value).toBe('1234');
    expect(screen.queryByText(formMessages.formFundChanged)).toBeNull();
  });

  it('searches from 2 characters, lists funds as [institute] name, warns on a change and cancels it', async () => {
    const { calls, handle } = renderPension('1234');
    await waitFor(() => expect(handle.data().nome).toBe('Fondo Alfa'), SLOW);
    const search = inputLabelled(formMessages.formFundSearch);
    type(search, 'B');
    await pause(SUGGESTION_DEBOUNCE_MS + 150);
    expect(fundCalls(calls)).toEqual(['/api/fondi_previdenza?term=1234&limit=10']);

    type(search, 'Be');
    const option = await screen.findByRole('option', { name: '[Beta Vita] Fondo Beta' }, SLOW);
    expect(fundCalls(calls)).toContain('/api/fondi_previdenza?term=Be&limit=10');
    expect(screen.getByRole('option', { name: '[Beta Vita] Fondo Gamma' })).toBeTruthy();
    fireEvent.click(option);
    await waitFor(() =>
      expect(handle.data()).toMatchObject({ covip: '5678', istituto: 'Beta Vita', nome: 'Fondo Beta' }),
    );
    expect(inputLabelled(formMessages.formFundCovipCode).value).toBe('5678');
    const warning = screen.getByTestId('fund-changed');
    expect(warning.textContent).toContain(formMessages.formFundChanged);

    fireEvent.click(screen.getByRole('button', { name: formMessages.formFundCancelChange }));
    await waitFor(() =>
      expect(handle.data()).toMatchObject({ covip: '1234', istituto: 'Alfa Previdenza', nome: 'Fondo Alfa' }),
    );
    expect(screen.queryByTestId('fund-changed')).toBeNull();
    expect(search.value).toBe('');
  });

  it('without a saved fund starts empty, shows the engine error, and a chosen fund is no change', async () => {
    const { handle } = renderPension(null);
    handle.setErrors({ covip: [formMessages.formFundNotSelected] });
    expect(screen.getByRole('alert').textContent).toContain(formMessages.formFundNotSelected);
    expect(handle.data().covip).toBeUndefined();
    type(inputLabelled(formMessages.formFundSearch), 'gamma');
    fireEvent.click(await screen.findByRole('option', { name: '[Beta Vita] Fondo Gamma' }, SLOW));
    await waitFor(() => expect(handle.data().covip).toBe('9012'));
    expect(screen.queryByTestId('fund-changed')).toBeNull();
  });
});

describe('consent widget', () => {
  it('is a checkbox labelled by the schema title that writes true or false and shows the engine error', async () => {
    const { handle } = renderPension(null);
    const box = screen.getByRole('checkbox', { name: schema.properties.prev_ok.title });
    handle.setErrors({ prev_ok: [formMessages.formPensionConsentRequired] });
    expect(screen.getByText(formMessages.formPensionConsentRequired)).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(handle.data().prev_ok).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(handle.data().prev_ok).toBe(false));
  });
});
