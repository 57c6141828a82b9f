/**
 * Period and text filters of the history (spec 000 §2): start and end dates (DD-MM-YYYY, weeks from
 * Monday) and a search over object and subject, sent 500 ms after the last keystroke.
 */
import { Group, TextInput } from '@mantine/core';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { ItalianDatesProvider } from '../../components/italian-dates-provider';
import { ItalianDateInput } from '../../components/italian-date-input';
import type { MovementFilters } from './movements-api';

export const SEARCH_DEBOUNCE_MS = 500;

export interface MovementsFiltersProps {
  /** Dates shown: the route's, or the period the server used. */
  dateStart: string | null;
  dateStop: string | null;
  search: string;
  onChange: (filters: MovementFilters) => void;
}

export function MovementsFilters({ dateStart, dateStop, search, onChange }: MovementsFiltersProps) {
  const [text, setText] = useState(search);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const typed = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const next = value.trim();
      if (next !== search.trim()) onChange({ search: next === '' ? undefined : next });
    }, SEARCH_DEBOUNCE_MS);
  };

  const invalidOrder = dateStart !== null && dateStop !== null && dateStart > dateStop;

  return (
    <ItalianDatesProvider>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <ItalianDateInput
          label={messages.movDateStart}
          value={dateStart}
          onChange={(value) => onChange({ date_start: value ?? undefined })}
          maxDate={dateStop ?? undefined}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          w={{ base: '100%', xs: 180 }}
          error={invalidOrder ? messages.movDateStartAfterStop : undefined}
        />
        <ItalianDateInput
          label={messages.movDateStop}
          value={dateStop}
          onChange={(value) => onChange({ date_stop: value ?? undefined })}
          minDate={dateStart ?? undefined}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label={messages.search}
          description={messages.movSearchHelp}
          type="search"
          value={text}
          onChange={(event) => typed(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
    </ItalianDatesProvider>
  );
}
