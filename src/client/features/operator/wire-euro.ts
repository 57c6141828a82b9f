import { euro, parseCents } from '../../../shared/money';

/** A wire amount (`"1234.50"`) as the `{x:euro}` parameter of a catalogue text. */
export const wireEuro = (value: string) => euro(parseCents(value) ?? 0);
