/**
 * The one message formatter. The catalogues (`config/messages*.it.ts`) are plain data: keyed texts with
 * `{name}` placeholders, and `{name:euro}` for an amount of money. Each area binds its catalogue once
 * (`formatterOf`, see `src/shared/catalogues/` and `src/server/messages.ts`), so keys and parameters are
 * checked by the compiler: a placeholder missing from the parameters, or an amount passed as anything
 * but `euro(cents)` (`money.ts`), does not compile. An amount always reads as people read euro:
 * `1.234,50 €`, written by the money formatter when the parameter is made.
 *
 * Kept tiny and free of runtime imports: the login route carries it.
 */
import type { Money } from './money';

export type { Money };

/** The placeholder names of a text: `'Hai {n} notifiche di {total:euro}'` -> `'n' | 'total:euro'`. */
export type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** The parameters a text asks for: `{n}` a text or a number, `{n:euro}` a `Money`. */
export type MessageParams<T extends string> = {
  readonly [P in Placeholders<T> as P extends `${infer N}:euro` ? N : P]: P extends `${string}:euro`
    ? Money
    : string | number;
};

/** The rest arguments of a formatter call: none for a text without placeholders, else its parameters. */
export type MessageArgs<T extends string> = T extends string
  ? [Placeholders<T>] extends [never]
    ? []
    : [params: MessageParams<T>]
  : never;

export type Catalogue = Readonly<Record<string, string>>;

export type Formatter<C extends Catalogue> = <K extends keyof C & string>(
  key: K,
  ...params: MessageArgs<C[K]>
) => string;

type Param = string | number | Money;

/**
 * Fills a text's placeholders. A parameter that is missing (or not a `Money` for `{name:euro}`) leaves its
 * placeholder visible, so a mistake shows on the page instead of a blank or a wrong amount.
 */
export function formatText(text: string, params: Readonly<Record<string, Param>> = {}): string {
  return text.replace(/\{(\w+)(:euro)?\}/g, (whole, name: string, money?: string) => {
    const value = params[name];
    if (money) return typeof value === 'object' ? value.text : whole;
    return value === undefined || typeof value === 'object' ? whole : String(value);
  });
}

/** The formatter of a catalogue: `formatterOf(messages)('bellMany', { n: 3 })`. */
export function formatterOf<C extends Catalogue>(catalogue: C): Formatter<C> {
  return (key, ...params) => formatText(catalogue[key] ?? key, (params as Record<string, Param>[])[0]);
}
