/**
 * One spelling per euro amount in a request payload (engine/forms/wire-amounts.ts): the retry of a
 * request must be the same payload, so that it carries the same Idempotency-Key and the same body.
 */
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/forms/rimb-interessi.json';
import { withWireAmounts } from '../../src/client/engine/forms/wire-amounts';

describe('withWireAmounts', () => {
  it('writes every euro field of the schema with two decimals and leaves the others alone', () => {
    expect(
      withWireAmounts(schema, {
        importo: '40',
        importo_interessi: '12.5',
        importo_max_rimb: '11.25',
        iban: '1234',
        intestatari: 2,
        docs: [1],
      }),
    ).toEqual({
      importo: '40.00',
      importo_interessi: '12.50',
      importo_max_rimb: '11.25',
      iban: '1234',
      intestatari: 2,
      docs: [1],
    });
  });

  it('keeps a value that is not an amount as it is (the schema refuses it later)', () => {
    expect(withWireAmounts(schema, { importo: 'quaranta', note: null })).toEqual({
      importo: 'quaranta',
      note: null,
    });
  });
});
