/**
 * The bulk import's sheet declaration (config/import-sheet.ts; spec 002 §3, §5): the 14 columns of §3
 * in their order, each with a hint and a kind the server checks, the closed sets of §5, sane limits.
 */
import { describe, expect, it } from 'vitest';
import {
  contractTypes,
  importColumns,
  importLimits,
  importResultHeader,
  jobLevels,
} from '../../config/import-sheet';

describe('import sheet declaration', () => {
  it('declares the 14 columns of §3 in their order, each once, with a hint', () => {
    expect(importColumns.map((c) => c.header)).toEqual([
      'Email',
      'Password',
      'Cognome',
      'Nome',
      'Codice Fiscale',
      'Tipo contratto',
      'Inquadramento',
      'Impiegato dal',
      'Impiegato al',
      'Welfare Totale',
      'Welfare art51c3',
      'Decorrenza',
      'Scadenza',
      'Tipo fonte',
    ]);
    for (const column of importColumns) {
      expect(column.hint.length, column.header).toBeGreaterThan(5);
      expect(column.width).toBeGreaterThan(0);
    }
    expect(importColumns.map((c) => c.header)).not.toContain(importResultHeader);
  });

  it('gives the choice columns the sets of §5', () => {
    expect(contractTypes).toEqual(['Tempo indeterminato', 'Tempo determinato']);
    expect([...jobLevels].sort()).toEqual(
      [
        'Amministratore',
        'Dirigente',
        'Impiegato',
        'Interinale',
        'Stagista',
        'Quadro',
        'Operaio',
        'Collaboratore',
      ].sort(),
    );
    const choices = importColumns.filter((c) => c.kind === 'choice');
    expect(choices.map((c) => c.header)).toEqual(['Tipo contratto', 'Inquadramento']);
    for (const column of choices) {
      const values = (column as { choices?: readonly string[] }).choices ?? [];
      expect(values.length).toBeGreaterThan(0);
      // Excel's list validation takes the values joined by commas, at most 255 characters.
      expect(values.join(',').length).toBeLessThanOrEqual(255);
      for (const value of values) expect(column.hint).toContain(value);
    }
  });

  it('keeps limits that let 50,000 rows in and a zip bomb out', () => {
    expect(importLimits.maxRows).toBeGreaterThanOrEqual(50_000);
    expect(importLimits.maxUploadBytes).toBeLessThanOrEqual(50 * 1024 * 1024);
    expect(importLimits.maxUnpackedBytes).toBeLessThanOrEqual(512 * 1024 * 1024);
    expect(importLimits.maxZipEntries).toBeLessThanOrEqual(1000);
  });
});
