/** What a one-off screen of `./index.ts` declares: its screen, its first data, the form of its parameters. */
import { lazy, type ComponentType } from 'react';

/** The values of a page's path parameters (`{ id_articolo: '12' }`). */
export type PathParams = Readonly<Record<string, string>>;

/** A screen drawn with its path's parameters, loaded when first drawn or when `preload` is called. */
export type PageScreen = ComponentType<{ params: PathParams }> & { preload(): Promise<unknown> };

export interface ScreenPage {
  readonly Screen: PageScreen;
  /**
   * The page's first data, into the query cache with the `queryOptions` its screen reads (so hovering a
   * link to it fetches the data too). A failure is the screen's to show: the route waits for it whatever
   * it answers.
   */
  readonly load?: (params: PathParams) => readonly (Promise<unknown> | null | undefined)[];
  /** The form of each path parameter: another value is the not-found page, before any rule or call. */
  readonly params?: Readonly<Record<string, RegExp>>;
}

/** A screen in a chunk of its own: `load` gives the component that draws it from the parameters. */
export function pageScreen(load: () => Promise<ComponentType<{ params: PathParams }>>): PageScreen {
  let loading: Promise<{ default: ComponentType<{ params: PathParams }> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // a chunk that failed to load is asked for again next time
        throw error;
      },
    ));
  const Lazy = lazy(start);
  const Screen = (props: { params: PathParams }) => <Lazy {...props} />;
  return Object.assign(Screen, { preload: start });
}

/** The id of a purchase in a path: a positive integer of at most 16 digits. */
export const PURCHASE_ID = /^[1-9]\d{0,15}$/;
