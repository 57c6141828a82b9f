/**
 * How a declaration of config/ carries a text the user sees.
 *
 * A text-bearing property (a title, a label, a description...) holds a key of a catalogue
 * (config/messages*.it.ts), typed as that catalogue's key type so a wrong key fails `tsc`: the text is
 * written once, in the catalogue, where tests/config/messages.test.ts sees it. A string that is data and not
 * interface text (a partner's legal name, an address, the object a movement records) is wrapped in
 * `literal('...')`, which makes the exception visible: tests/config/declaration-texts.test.ts fails on any
 * other Italian string in a text-bearing property.
 */

/** A text that is data, not a catalogue text: shown as written. */
export interface Literal {
  readonly literal: string;
}

/** Marks a string of a declaration as data shown as written (not a catalogue text). */
export const literal = (text: string): Literal => ({ literal: text });

/** A catalogue key of `K`, or data shown as written. */
export type TextRef<K extends string> = K | Literal;

/** The text of `ref`: the catalogue's text for a key, the string itself for a literal. */
export function textOf<K extends string>(catalogue: Readonly<Record<K, string>>, ref: TextRef<K>): string {
  return typeof ref === 'string' ? catalogue[ref] : ref.literal;
}
