import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { exportRange, validateExportDates } from '../../src/client/features/movements/export-dates';
import { creditStatusTable, movementsUserTable } from '../../config/tables';
import { actionPath, cellText, hasTone, holds } from '../../src/client/engine/table/values';

/** The history's replay button: its path when the row offers it (config/tables/movements-user.ts). */
const replay = movementsUserTable.rowActions[0];
const replayPath = (row: { id_kind: number; id_acquisto: number | null; modulo_replay?: string | null }) =>
  holds(replay.when, row) ? actionPath(replay, row) : null;
const objectColumn = movementsUserTable.columns.find((column) => column.field === 'oggetto')!;
const shownObject = (oggetto: string | null) => cellText(objectColumn, { oggetto });
const toneOf = (name: 'expired' | 'expiring') => creditStatusTable.tones.find((tone) => tone.tone === name)!;
const isExpiringSoon = (line: { data_scadenza: string }, today: Date) =>
  hasTone(toneOf('expiring'), line, today);
const isGreyedExpired = (line: { data_scadenza: string }, today: Date) =>
  hasTone(toneOf('expired'), line, today);

describe('export dates (spec 000 §5)', () => {
  const range = exportRange(new Date(2026, 2, 18));

  it('runs from the first day of the previous month to today', () => {
    expect(range).toEqual({ min: '2026-02-01', max: '2026-03-18' });
    expect(exportRange(new Date(2026, 0, 5))).toEqual({ min: '2025-12-01', max: '2026-01-05' });
  });

  it('requires both dates, in order and in range', () => {
    expect(validateExportDates(null, null, range)).toEqual({
      start: 'Inserire una data di inizio export',
      end: 'Inserire una data di fine export',
    });
    expect(validateExportDates('2026-03-10', '2026-03-01', range)).toEqual({
      start: messages.movExportStartAfterEnd,
    });
    expect(validateExportDates('2026-01-31', '2026-03-19', range)).toEqual({
      start: 'Le date devono essere comprese tra il 01-02-2026 e il 18-03-2026.',
      end: 'Le date devono essere comprese tra il 01-02-2026 e il 18-03-2026.',
    });
    expect(validateExportDates('2026-02-01', '2026-03-18', range)).toEqual({});
  });
});

describe('movement rows (spec 000 §3)', () => {
  it('hides an empty object and replays only kinds 1, 3, 7, 13, 14', () => {
    expect(shownObject('')).toBe('*****');
    expect(shownObject(null)).toBe('*****');
    expect(shownObject('Buono')).toBe('Buono');
    const replayable = Array.from({ length: 14 }, (_, i) => i + 1).filter(
      (kind) => replayPath({ id_kind: kind, id_acquisto: 9 }) !== null,
    );
    expect(replayable).toEqual([1, 3, 7, 13, 14]);
    expect(replayPath({ id_kind: 13, id_acquisto: 9 })).toBe('/base-request/rimb-bollette/9');
    expect(replayPath({ id_kind: 1, id_acquisto: null })).toBeNull();
  });

  it('replays towards the form the server names for the row (issue 25), by kind only when it names none', () => {
    // The form the request was sent through, though another form is the kind's.
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: 'conv-ondemand' })).toBe(
      '/base-request/conv-ondemand/9',
    );
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: 'rimb-spese' })).toBe(
      '/base-request/rimb-spese/9',
    );
    // Named null (no replay) or a form this portal does not know: no button, whatever the kind.
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: null })).toBeNull();
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: 'rimb-ritirato' })).toBeNull();
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: 'dashmovimenti' })).toBeNull();
    expect(replayPath({ id_kind: 1, id_acquisto: 9, modulo_replay: 'constructor' })).toBeNull();
    // A server that does not send the field: the form of the kind.
    expect(replayPath({ id_kind: 14, id_acquisto: 9 })).toBe('/base-request/rimb-aff-mutui/9');
  });

  it('marks credit lines expiring within 10 days', () => {
    const today = new Date(2026, 2, 18);
    expect(isExpiringSoon({ data_scadenza: '2026-03-18' }, today)).toBe(true);
    expect(isExpiringSoon({ data_scadenza: '2026-03-28' }, today)).toBe(true);
    expect(isExpiringSoon({ data_scadenza: '2026-03-29' }, today)).toBe(false);
    expect(isExpiringSoon({ data_scadenza: '2026-03-17' }, today)).toBe(false);
  });

  it('greys credit lines past their expiry day (valid through the expiry day itself)', () => {
    const today = new Date(2026, 2, 18);
    expect(isGreyedExpired({ data_scadenza: '2026-03-17' }, today)).toBe(true);
    expect(isGreyedExpired({ data_scadenza: '2026-03-18' }, today)).toBe(false);
  });
});
