/**
 * The recipients of an internal message (spec 002 §2.8, §5): the employees with an active contract,
 * each with the e-mail (namesakes apart), a filter on name, surname and e-mail, "select all" over
 * what the filter shows (checked, partly checked or not), and how many are chosen.
 */
import { Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { formatMessage, messages } from '../../../../shared/catalogues/account';
import type { Recipient } from './messages-api';

const norm = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function matchesFilter(recipient: Recipient, filter: string): boolean {
  const words = norm(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = norm(`${recipient.nome} ${recipient.cognome} ${recipient.email}`);
  return words.every((w) => text.includes(w));
}

interface Props {
  recipients: Recipient[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  disabled?: boolean;
}

export function RecipientChecklist({ recipients, selected, onChange, disabled }: Props) {
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => recipients.filter((r) => matchesFilter(r, deferred)), [recipients, deferred]);
  const shownSelected = shown.filter((r) => selected.has(r.id)).length;
  const all = shown.length > 0 && shownSelected === shown.length;

  const toggleAll = () => {
    const next = new Set(selected);
    for (const r of shown) {
      if (all) next.delete(r.id);
      else next.add(r.id);
    }
    onChange(next);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <Stack gap="xs">
      <TextInput
        label={messages.messFilter}
        placeholder={messages.messFilterPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        disabled={disabled}
        type="search"
      />
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start" preventGrowOverflow={false}>
        <Checkbox
          label={
            deferred.trim() === ''
              ? messages.messSelectAll
              : formatMessage('messSelectAllFiltered', { n: shown.length })
          }
          checked={all}
          indeterminate={shownSelected > 0 && !all}
          onChange={toggleAll}
          disabled={disabled || shown.length === 0}
          data-testid="recipients-select-all"
        />
        <Text
          size="sm"
          c="dimmed"
          aria-live="polite"
          data-testid="recipients-count"
          style={{ flexShrink: 0 }}
        >
          {formatMessage('messSelected', { n: selected.size, total: recipients.length })}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={280} type="auto" scrollbars="y" offsetScrollbars="y">
        <Stack
          gap={6}
          role="group"
          aria-label={messages.inboxColRecipients}
          data-testid="recipients-list"
          py={4}
        >
          {recipients.length === 0 ? (
            <Text size="sm">{messages.messNoRecipients}</Text>
          ) : shown.length === 0 ? (
            <Text size="sm">{messages.messNoMatch}</Text>
          ) : (
            shown.map((r) => (
              <Checkbox
                key={r.id}
                label={`${r.cognome} ${r.nome} · ${r.email}`}
                styles={{ label: { overflowWrap: 'anywhere' } }}
                value={String(r.id)}
                checked={selected.has(r.id)}
                onChange={() => toggle(r.id)}
                disabled={disabled}
                data-testid="recipient"
              />
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
