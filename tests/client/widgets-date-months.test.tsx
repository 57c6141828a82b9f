/**
 * The `date` and `months` widgets (000 §5, 001 §3, §5, §9) inside a real rjsf form, and the registry:
 * every widget and field name the declarations use exists.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { forms, monthNames } from '../../config/forms';
import { formMessages } from '../../config/messages-forms.it';
import { formFields, formWidgets } from '../../src/client/widgets';
import { minimumDate } from '../../src/client/widgets/date';
import { dayjs } from '../../src/shared/dates';
import { earliestInstallmentDate, romeToday } from '../../src/shared/forms';
import { renderWidgetForm } from './widgets-harness';

const dateSchema = {
  type: 'object',
  properties: {
    data_rata: { type: 'string', title: 'Data della prossima rata' },
    data_scadenza: { type: 'string', title: 'Data di scadenza del preventivo' },
  },
} satisfies RJSFSchema;

/** How the Italian calendar names a day button. */
const dayLabel = (iso: string) => dayjs(iso).locale('it').format('D MMMM YYYY');

describe('date widget', () => {
  it('computes the first day from ui:options.minMonthsFromToday as the loan rule does', () => {
    expect(minimumDate(1, '2026-03-15')).toBe('2026-04-15');
    expect(minimumDate(1, '2026-01-31')).toBe('2026-02-28');
    expect(minimumDate(1)).toBe(earliestInstallmentDate(romeToday()));
    expect(minimumDate(undefined)).toBeUndefined();
  });

  it('shows DD-MM-YYYY, writes YYYY-MM-DD and offers no day before the minimum', async () => {
    const min = earliestInstallmentDate(romeToday());
    const { handle } = renderWidgetForm({
      schema: dateSchema,
      uiSchema: {
        data_rata: { 'ui:widget': 'date', 'ui:options': { minMonthsFromToday: 1 } },
        data_scadenza: { 'ui:widget': 'date' },
      },
      formData: { data_rata: min },
    });
    const picker = screen.getByRole('button', { name: /^Data della prossima rata/ });
    expect(picker.textContent).toBe(dayjs(min).format('DD-MM-YYYY'));
    fireEvent.click(picker);
    const dialog = await screen.findByRole('dialog');
    const dayBefore = dayjs(min).subtract(1, 'day').format('YYYY-MM-DD');
    const before = within(dialog).queryByRole('button', { name: dayLabel(dayBefore) });
    // The day before is in the month shown unless the minimum is a Monday the 1st: then the month is closed.
    if (before) expect((before as HTMLButtonElement).disabled).toBe(true);
    else expect(within(dialog).getAllByRole('button')[0]?.hasAttribute('disabled')).toBe(true);

    const next = dayjs(min).add(1, 'day').format('YYYY-MM-DD');
    const nextButton = within(dialog).queryByRole('button', { name: dayLabel(next) });
    if (nextButton) {
      fireEvent.click(nextButton);
      await waitFor(() => expect(handle.data().data_rata).toBe(next));
    }
  });

  it('without the option, today can be chosen', async () => {
    const today = romeToday();
    const { handle } = renderWidgetForm({
      schema: dateSchema,
      uiSchema: { data_scadenza: { 'ui:widget': 'date' } },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Data di scadenza del preventivo/ }));
    const dialog = await screen.findByRole('dialog');
    const day = within(dialog).getByRole('button', { name: dayLabel(today) }) as HTMLButtonElement;
    expect(day.disabled).toBe(false);
    fireEvent.click(day);
    await waitFor(() => expect(handle.data().data_scadenza).toBe(today));
  });

  it('shows the engine error', () => {
    const { handle } = renderWidgetForm({
      schema: dateSchema,
      uiSchema: { data_rata: { 'ui:widget': 'date', 'ui:options': { minMonthsFromToday: 1 } } },
    });
    handle.setErrors({ data_rata: [formMessages.formInvalidDate] });
    expect(screen.getByRole('alert').textContent).toBe(formMessages.formInvalidDate);
  });
});

describe('months widget', () => {
  const monthsSchema = {
    type: 'object',
    properties: {
      mesi_sel: {
        title: 'Mesi di riferimento',
        type: 'array',
        items: { type: 'string', enum: [...monthNames] },
        uniqueItems: true,
        default: [],
      },
    },
  } satisfies RJSFSchema;

  it('lists the twelve months in a labelled group and writes them in calendar order', async () => {
    const { handle } = renderWidgetForm({
      schema: monthsSchema,
      uiSchema: { mesi_sel: { 'ui:widget': 'months' } },
    });
    const group = screen.getByRole('group', { name: /^Mesi di riferimento/ });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual([...monthNames]);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'marzo' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'gennaio' }));
    await waitFor(() => expect(handle.data().mesi_sel).toEqual(['gennaio', 'marzo']));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'marzo' }));
    await waitFor(() => expect(handle.data().mesi_sel).toEqual(['gennaio']));
  });

  it('shows "Selezionare almeno un mese..." when the engine reports it', () => {
    const { handle } = renderWidgetForm({
      schema: monthsSchema,
      uiSchema: { mesi_sel: { 'ui:widget': 'months' } },
    });
    handle.setErrors({ mesi_sel: [formMessages.formMonthsRequired] });
    expect(screen.getByRole('alert').textContent).toBe(formMessages.formMonthsRequired);
  });
});

describe('registry', () => {
  it('has every widget and field a declaration names (textarea is rjsf’s own)', () => {
    const rjsfWidgets = new Set(['textarea']);
    for (const form of forms) {
      for (const [field, ui] of Object.entries(form.uiSchema)) {
        if (field.startsWith('ui:') || typeof ui !== 'object' || ui === null) continue;
        const entry = ui as Record<string, unknown>;
        const widget = entry['ui:widget'];
        const fieldName = entry['ui:field'];
        if (typeof widget === 'string')
          expect(widget in formWidgets || rjsfWidgets.has(widget), `${form.route_name}.${field}`).toBe(true);
        if (typeof fieldName === 'string')
          expect(fieldName in formFields, `${form.route_name}.${field}`).toBe(true);
      }
    }
    expect(Object.keys(formWidgets).sort()).toEqual([
      'amount',
      'attachment',
      'category',
      'consent',
      'date',
      'iban',
      'incentive-amount',
      'months',
      'phone',
      'support-category',
    ]);
    expect(Object.keys(formFields).sort()).toEqual([
      'beneficiary',
      'consumed',
      'documents',
      'loan-calculator',
      'pension-fund',
      'supplier',
    ]);
  });
});
