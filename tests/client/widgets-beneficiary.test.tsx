/**
 * The `beneficiary` block and the `category` widget (spec 001 §3-6) inside a real rjsf form: tax code
 * input, known beneficiaries from 2 characters, several matches, relations 2, 3, 4, 8, switching to
 * the user, a category that forces the user.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { beneficiaryUi } from '../../config/forms/beneficiary';
import { formMessages } from '../../config/messages-forms.it';
import type { FormCategory } from '../../src/client/form-kit';
import { SUGGESTION_DEBOUNCE_MS } from '../../src/client/widgets/common/use-suggestions';
import { jsonResponse, stubApi, type RecordedCall } from './helpers';
import { familyDocument, inputLabelled, pause, renderWidgetForm, SLOW, type } from './widgets-harness';

const schema = {
  type: 'object',
  properties: {
    id_categ: { type: 'integer', title: 'Categoria' },
    me_stesso: { type: 'boolean', title: 'Il beneficiario sono io', default: true },
    cod_fisc_ben: { type: ['string', 'null'], maxLength: 16 },
    nome_ben: { type: ['string', 'null'], maxLength: 120 },
    id_relazione_ben: { type: ['integer', 'null'] },
  },
} satisfies RJSFSchema;

const uiSchema = { id_categ: { 'ui:widget': 'category' }, ...beneficiaryUi };

const categories: FormCategory[] = [
  { id: 5, nome: 'Sport e palestra', me_stesso: true },
  { id: 6, nome: 'Istruzione', me_stesso: false },
];

const relations = [
  { id: 1, nome: 'Me stesso' },
  { id: 2, nome: 'Coniuge' },
  { id: 3, nome: 'Figlio/a' },
  { id: 4, nome: 'Genitore' },
  { id: 5, nome: 'Fratello/Sorella' },
  { id: 6, nome: 'Nonno/a' },
  { id: 7, nome: 'Nipote' },
  { id: 8, nome: 'Unito civilmente' },
  { id: 9, nome: 'Altro' },
];

const known = [
  { cod_fisc: 'VRDLGU85M01F205P', nome: 'Luigi Verdi', id_relazione: 2 },
  { cod_fisc: 'RSSGLI12C41H501J', nome: 'Giulia Rossi', id_relazione: 3 },
  { cod_fisc: 'RSSGLI12C41H501J', nome: 'Giulia Rossi Bianchi', id_relazione: 3 },
  { cod_fisc: 'BNCLRA90D45L219Q', nome: 'Laura Bianchi', id_relazione: 8 },
];

function stubBeneficiaries(): RecordedCall[] {
  return stubApi((url) => {
    if (url === '/api/relazioni_parentali') return jsonResponse(200, relations);
    const match = /^\/api\/beneficiari\/([^?]+)$/.exec(url);
    if (match) {
      const prefix = decodeURIComponent(match[1] ?? '');
      return jsonResponse(
        200,
        known.filter((entry) => entry.cod_fisc.startsWith(prefix)),
      );
    }
    return undefined;
  });
}

const beneficiaryCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/beneficiari/'));

function renderBlock(formData: Record<string, unknown> = {}, slotDocuments = {}) {
  const calls = stubBeneficiaries();
  const view = renderWidgetForm({ schema, uiSchema, categories, formData, slotDocuments });
  return { ...view, calls };
}

const taxCodeInput = () => inputLabelled(/^Codice fiscale del beneficiario/);

function chooseFamily() {
  fireEvent.click(screen.getByLabelText(formMessages.formBeneficiaryFamily));
}

describe('beneficiary block', () => {
  it('starts with the user as beneficiary and shows the family fields only for a family member', async () => {
    const { handle } = renderBlock();
    const myself = screen.getByLabelText(formMessages.formBeneficiaryMyself) as HTMLInputElement;
    expect(myself.checked).toBe(true);
    expect(screen.queryByLabelText(/^Codice fiscale del beneficiario/)).toBeNull();
    await waitFor(() => expect(handle.data().me_stesso).toBe(true));

    chooseFamily();
    await waitFor(() => expect(handle.data().me_stesso).toBe(false));
    expect(taxCodeInput()).toBeTruthy();
    expect(inputLabelled(/^Nome e cognome del beneficiario/)).toBeTruthy();
    expect(inputLabelled(/^Relazione di parentela/)).toBeTruthy();
  });

  it('upper-cases the tax code, keeps letters and digits only and at most 16 characters', async () => {
    const { handle } = renderBlock({ me_stesso: false });
    const input = taxCodeInput();
    expect(input.getAttribute('maxlength')).toBe('16');
    type(input, 'vrd lgu');
    expect(input.value).toBe('VRDLGU');
    type(input, 'vrdlgu85m01f205pxyz');
    expect(input.value).toBe('VRDLGU85M01F205P');
    await waitFor(() => expect(handle.data().cod_fisc_ben).toBe('VRDLGU85M01F205P'));
  });

  it('says "Codice fiscale errato" for a complete code with a wrong check letter, and nothing for a valid one', async () => {
    renderBlock({ me_stesso: false });
    const input = taxCodeInput();
    type(input, 'VRDLGU85M01F205A');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(formMessages.formTaxCodeInvalid),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');

    type(input, 'VRDLGU85M01F205P');
    await waitFor(() => expect(screen.queryByText(formMessages.formTaxCodeInvalid)).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('img', { name: formMessages.formTaxCodeValid })).toBeTruthy();

    // An incomplete code is neutral while typing, wrong once the input is left.
    type(input, 'VRDLG');
    expect(screen.queryByText(formMessages.formTaxCodeInvalid)).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText(formMessages.formTaxCodeInvalid)).toBeTruthy();
  });

  it('asks for known beneficiaries from 2 characters only, and a chosen one fills name and relation', async () => {
    const { calls, handle } = renderBlock({ me_stesso: false });
    const input = taxCodeInput();
    type(input, 'V');
    await pause(SUGGESTION_DEBOUNCE_MS + 150);
    expect(beneficiaryCalls(calls)).toHaveLength(0);

    type(input, 'VR');
    const option = await screen.findByRole('option', { name: /VRDLGU85M01F205P/ }, SLOW);
    expect(beneficiaryCalls(calls).map((call) => call.url)).toEqual(['/api/beneficiari/VR']);
    // The suggestion shows the code, the name and the relation's name.
    expect(option.textContent).toContain('Luigi Verdi');
    expect(option.textContent).toContain('Coniuge');

    fireEvent.click(option);
    await waitFor(() =>
      expect(handle.data()).toMatchObject({
        cod_fisc_ben: 'VRDLGU85M01F205P',
        nome_ben: 'Luigi Verdi',
        id_relazione_ben: 2,
      }),
    );
    expect(inputLabelled(/^Nome e cognome del beneficiario/).value).toBe('Luigi Verdi');
    expect(inputLabelled(/^Relazione di parentela/).value).toBe('Coniuge');
  });

  it('fills name and relation for a complete code that matches one beneficiary', async () => {
    const { handle } = renderBlock({ me_stesso: false });
    type(taxCodeInput(), 'BNCLRA90D45L219Q');
    await waitFor(
      () => expect(handle.data()).toMatchObject({ nome_ben: 'Laura Bianchi', id_relazione_ben: 8 }),
      SLOW,
    );
  });

  it('says "Impossibile trovare il beneficiario indicato." for a complete code with several matches', async () => {
    const { handle } = renderBlock({ me_stesso: false });
    type(taxCodeInput(), 'RSSGLI12C41H501J');
    await waitFor(() => expect(screen.getByText(formMessages.formBeneficiaryNotFound)).toBeTruthy(), SLOW);
    expect(taxCodeInput().getAttribute('aria-invalid')).toBe('true');
    expect(handle.data().nome_ben).toBeUndefined();
  });

  it('offers only the relations 2, 3, 4 and 8', async () => {
    const { handle, calls } = renderBlock({ me_stesso: false });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/relazioni_parentali'), SLOW);
    await pause(50);
    fireEvent.click(inputLabelled(/^Relazione di parentela/));
    const listbox = await screen.findByRole('listbox', {}, SLOW);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Coniuge', 'Figlio/a', 'Genitore', 'Unito civilmente']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Genitore' }));
    await waitFor(() => expect(handle.data().id_relazione_ben).toBe(4));
  });

  it('switching to the user clears tax code, name, relation and the family document', async () => {
    const { handle } = renderBlock(
      {
        me_stesso: false,
        cod_fisc_ben: 'VRDLGU85M01F205P',
        nome_ben: 'Luigi Verdi',
        id_relazione_ben: 2,
      },
      { doc_fam: familyDocument },
    );
    expect(taxCodeInput().value).toBe('VRDLGU85M01F205P');
    fireEvent.click(screen.getByLabelText(formMessages.formBeneficiaryMyself));
    await waitFor(() => expect(handle.data().me_stesso).toBe(true));
    expect(handle.data().cod_fisc_ben).toBeUndefined();
    expect(handle.data().nome_ben).toBeUndefined();
    expect(handle.data().id_relazione_ben).toBeUndefined();
    expect(handle.setSlotDocument).toHaveBeenCalledWith('doc_fam', undefined);
    expect(handle.slotDocuments().doc_fam).toBeUndefined();

    // Back to a family member: the fields start empty.
    chooseFamily();
    await waitFor(() => expect(taxCodeInput().value).toBe(''));
  });

  it('shows the errors the engine reports for the block and its fields', async () => {
    const { handle } = renderBlock({ me_stesso: false });
    handle.setErrors({
      me_stesso: [formMessages.formBeneficiaryIncomplete],
      nome_ben: [formMessages.formRequiredField],
      id_relazione_ben: [formMessages.formBeneficiaryRelationNotAllowed],
    });
    expect(screen.getByText(formMessages.formBeneficiaryIncomplete)).toBeTruthy();
    expect(inputLabelled(/^Nome e cognome del beneficiario/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(formMessages.formBeneficiaryRelationNotAllowed)).toBeTruthy();
  });
});

describe('category widget', () => {
  it('lists the categories, searches them and says so in Italian when nothing matches', async () => {
    const { handle } = renderBlock();
    const select = inputLabelled(/^Categoria/);
    fireEvent.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sport e palestra',
      'Istruzione',
    ]);
    type(select, 'zzz');
    expect(screen.getByText(formMessages.formNothingFound)).toBeTruthy();
    type(select, 'istr');
    fireEvent.click(screen.getByRole('option', { name: 'Istruzione' }));
    await waitFor(() => expect(handle.data().id_categ).toBe(6));
  });

  it('a category allowing only the user sets me_stesso and clears the family beneficiary and its document', async () => {
    const { handle } = renderBlock(
      {
        me_stesso: false,
        cod_fisc_ben: 'VRDLGU85M01F205P',
        nome_ben: 'Luigi Verdi',
        id_relazione_ben: 2,
      },
      { doc_fam: familyDocument },
    );
    fireEvent.click(inputLabelled(/^Categoria/));
    fireEvent.click(screen.getByRole('option', { name: 'Sport e palestra' }));
    await waitFor(() => expect(handle.data()).toMatchObject({ id_categ: 5, me_stesso: true }));
    expect(handle.data().cod_fisc_ben).toBeUndefined();
    expect(handle.data().nome_ben).toBeUndefined();
    expect(handle.data().id_relazione_ben).toBeUndefined();
    expect(handle.slotDocuments().doc_fam).toBeUndefined();

    // The family choice is no longer offered, and the block says why.
    expect((screen.getByLabelText(formMessages.formBeneficiaryFamily) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(formMessages.formBeneficiaryForcedMyself)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(formMessages.formBeneficiaryFamily));
    expect(handle.data().me_stesso).toBe(true);
  });

  it('a replayed family beneficiary under a category allowing only the user is switched to the user', async () => {
    const { handle } = renderBlock(
      { id_categ: 5, me_stesso: false, cod_fisc_ben: 'VRDLGU85M01F205P', nome_ben: 'Luigi Verdi' },
      { doc_fam: familyDocument },
    );
    await waitFor(() => expect(handle.data().me_stesso).toBe(true));
    expect(handle.data().cod_fisc_ben).toBeUndefined();
    expect(handle.slotDocuments().doc_fam).toBeUndefined();
  });

  it('a category open to family members keeps the beneficiary as it is', async () => {
    const { handle } = renderBlock({
      me_stesso: false,
      cod_fisc_ben: 'VRDLGU85M01F205P',
      nome_ben: 'Luigi Verdi',
      id_relazione_ben: 2,
    });
    fireEvent.click(inputLabelled(/^Categoria/));
    fireEvent.click(screen.getByRole('option', { name: 'Istruzione' }));
    await waitFor(() => expect(handle.data().id_categ).toBe(6));
    expect(handle.data()).toMatchObject({ me_stesso: false, cod_fisc_ben: 'VRDLGU85M01F205P' });
    expect((screen.getByLabelText(formMessages.formBeneficiaryFamily) as HTMLInputElement).disabled).toBe(
      false,
    );
  });
});
