/**
 * Credit and debit per month over the period (spec 000 §2), a Mantine bar chart with Italian month
 * labels and euro tooltips. The drawing is hidden from assistive technology and takes no keyboard
 * focus (no recharts accessibility layer: a focusable element may not sit inside `aria-hidden`); its
 * text alternative is the visually hidden table below, with the same figures.
 */
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { dayjs } from '../../../shared/dates';
import { formatEuro, formatWireEuro, parseCents } from '../../../shared/money';
import type { MonthlyAmounts } from './movements-api';

/** `2026-03` → `mar 2026`. */
export function monthLabel(month: string): string {
  const date = dayjs(`${month}-01`);
  return date.isValid() ? date.locale('it').format('MMM YYYY') : month;
}

/** Euros as numbers for the drawing only (the figures people read are formatted from cents). */
const euros = (value: string | null) => (value == null ? 0 : (parseCents(value) ?? 0) / 100);

export function MovementsChart({ monthly }: { monthly: MonthlyAmounts[] }) {
  const titleId = useId();
  const data = monthly.map((row) => ({
    month: monthLabel(row.month),
    [messages.movAvere]: euros(row.AVERE),
    [messages.movDare]: euros(row.DARE),
  }));
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {messages.movChartTitle}
      </Title>
      <div aria-hidden="true">
        <BarChart
          h={260}
          data={data}
          dataKey="month"
          series={[
            { name: messages.movAvere, color: 'teal.6' },
            { name: messages.movDare, color: 'red.6' },
          ]}
          valueFormatter={(value) => formatEuro(Math.round(value * 100))}
          withLegend
          tickLine="y"
          yAxisProps={{ width: 90 }}
          accessibilityLayer={false}
        />
      </div>
      <table className="visually-hidden" data-testid="chart-table">
        <caption>{messages.movChartDescription}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.movChartMonth}</th>
            <th scope="col">{messages.movAvere}</th>
            <th scope="col">{messages.movDare}</th>
          </tr>
        </thead>
        <tbody>
          {monthly.map((row) => (
            <tr key={row.month}>
              <th scope="row">{monthLabel(row.month)}</th>
              <td>{formatWireEuro(row.AVERE)}</td>
              <td>{formatWireEuro(row.DARE)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}
