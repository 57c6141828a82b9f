/**
 * The showcase engine (ARCHITECTURE.md §4 "Showcases"): grids declared in config/showcases rendered with
 * no per-showcase code. Other rooms import from here only; this file is a public API (stable).
 *
 * - `ShowcaseGrid`: `<ShowcaseGrid declaration={...} params={{ id_fornitore }} />` renders a declaration.
 * - `showcaseQueryOptions`, `showcaseQuery`, `readPage`, `fillPath`: its call, for loaders and tests.
 * - `useDebouncedSearch`, `effectiveSearch`: the search rule (from N characters, one call per pause).
 */
export { ShowcaseGrid, type ShowcaseGridProps } from './showcase-grid';
export {
  fillPath,
  readPage,
  showcaseHeaderQueryOptions,
  showcaseQuery,
  showcaseQueryOptions,
  type Item as ShowcaseItem,
  type ShowcasePage,
  type ShowcaseRequest,
} from './query';
export { effectiveSearch, useDebouncedSearch } from './use-debounced-search';
