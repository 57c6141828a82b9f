/**
 * Wrap date pickers (and only them) in this provider: Italian labels, weeks from Monday
 * (spec 000 §9). Importing it pulls dayjs, its `it` locale and the Mantine dates styles into
 * the importing chunk only, never into the initial bundle.
 */
import { DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';
import { FIRST_DAY_OF_WEEK } from '../../shared/dates';

export function ItalianDatesProvider({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'it', firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>
  );
}
