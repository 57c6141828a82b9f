/** The table engine's pure parts: nested rows, row tones, status texts, conditions, paths. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-tables.it';
import type { TableColumn, TableTone } from '../../config/tables/types';
import { cellText, fillPath, hasTone, holds, nestRows } from '../../src/client/engine/table/values';

describe('nested rows', () => {
  it('puts children right after their parent, depth first; an orphan stays on top', () => {
    const rows = [
      { id: 1, parent: null },
      { id: 2, parent: null },
      { id: 3, parent: 1 },
      { id: 4, parent: 3 },
      { id: 5, parent: 2 },
      { id: 6, parent: 99 },
    ];
    const placed = nestRows(rows, { parentField: 'parent' });
    expect(placed.map(({ row, level }) => `${String(row.id)}:${level}`)).toEqual([
      '1:0',
      '3:1',
      '4:2',
      '2:0',
      '5:1',
      '6:0',
    ]);
    expect(nestRows(rows, undefined).every((item) => item.level === 0)).toBe(true);
  });
});

describe('row tones', () => {
  const today = new Date(2026, 2, 18);
  const expired: TableTone = { tone: 'expired', field: 'scadenza' };
  const expiring: TableTone = { tone: 'expiring', field: 'scadenza', withinDays: 10 };
  it('expired before today, expiring from today to N days', () => {
    expect(hasTone(expired, { scadenza: '2026-03-17' }, today)).toBe(true);
    expect(hasTone(expired, { scadenza: '2026-03-18' }, today)).toBe(false);
    expect(hasTone(expiring, { scadenza: '2026-03-18' }, today)).toBe(true);
    expect(hasTone(expiring, { scadenza: '2026-03-28' }, today)).toBe(true);
    expect(hasTone(expiring, { scadenza: '2026-03-29' }, today)).toBe(false);
    expect(hasTone(expiring, { scadenza: null }, today)).toBe(false);
  });

  it('takes a tone only on rows matching its condition (the schedule’s 1970 epoch date)', () => {
    const epoch: TableTone = { ...expired, when: { field: 'scadenza', equals: '1970-01-01' } };
    expect(hasTone(epoch, { scadenza: '1970-01-01' }, today)).toBe(true);
    expect(hasTone(epoch, { scadenza: '2026-03-01' }, today)).toBe(false);
  });
});

describe('long texts', () => {
  it('cuts a text column at maxChars with an ellipsis, and leaves shorter ones alone', () => {
    const key: TableColumn = { kind: 'text', field: 'k', label: 'boColPublicKey', maxChars: 5 };
    expect(cellText(key, { k: 'MIIBojANBg' })).toBe('MIIBo…');
    expect(cellText(key, { k: 'MIIB' })).toBe('MIIB');
  });
});

describe('cells', () => {
  const status: TableColumn = {
    kind: 'status',
    field: 'status',
    label: 'status',
    set: 'import-job',
  };
  it('shows a status by its set, any other value raw, and a fallback field when declared', () => {
    expect(cellText(status, { status: 'IN_QUEUE' })).toBe('In Coda');
    expect(cellText(status, { status: 'IMPORT_FAILED' })).toBe('Accettato dal Backoffice');
    expect(cellText(status, { status: 'ALTRO' })).toBe('ALTRO');
    const kind: TableColumn = {
      kind: 'status',
      field: 'id_kind',
      label: 'movColKind',
      set: 'movement-kind',
      fallbackField: 'kind',
    };
    expect(cellText(kind, { id_kind: 13, kind: 'x' })).toBe('Rimborso Bollette');
    expect(cellText(kind, { id_kind: 99, kind: 'Nuovo tipo' })).toBe('Nuovo tipo');
    expect(cellText(kind, { id_kind: 99, kind: '' })).toBe('99');
  });

  it('formats dates, euro and booleans the Italian way, and reads nested fields', () => {
    const date: TableColumn = { kind: 'date', field: 'd', label: 'date' };
    const euro: TableColumn = { kind: 'euro', field: 'a.b', label: 'amount' };
    const yes: TableColumn = {
      kind: 'boolean',
      field: 'v',
      label: 'detail',
      trueLabel: 'voucherValid',
      falseLabel: 'voucherNotValid',
    };
    expect(cellText(date, { d: '2026-03-04' })).toBe('04-03-2026');
    expect(cellText(euro, { a: { b: '1234.5' } })).toBe('1.234,50\u00a0€');
    expect(cellText(euro, { a: {} })).toBe('');
    expect(cellText(yes, { v: false })).toBe(messages.voucherNotValid);
  });
});

describe('conditions and paths', () => {
  it('reads row fields and the query', () => {
    const row = { stato: 'A', letta: false, id: 7 };
    expect(holds({ field: 'stato', in: ['A', 'B'] }, row)).toBe(true);
    expect(holds({ field: 'id', notEquals: null }, row)).toBe(true);
    expect(holds({ field: 'manca', equals: null }, row)).toBe(true);
    const unreadReceived = {
      all: [
        { query: 'mode', equals: 'ricevuti' },
        { field: 'letta', equals: false },
      ],
    } as const;
    expect(holds(unreadReceived, row, { mode: 'ricevuti' })).toBe(true);
    expect(holds(unreadReceived, row, { mode: 'inviati' })).toBe(false);
    expect(fillPath('/x/{id}/y/{nome}', { id: 7, nome: 'a b/c' })).toBe('/x/7/y/a%20b%2Fc');
  });
});
