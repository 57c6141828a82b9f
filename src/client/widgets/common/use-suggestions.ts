/**
 * Search-as-you-type (001 §5, §9): from `screenConstants.suggestionMinChars` characters, debounced, at most
 * `limit` results. react-query keeps one answer per term, drops stale answers and aborts superseded calls.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screenConstants } from '../../../../config/screen-constants';
import { lookupKeys } from './lookups';

/** Wait after the last keystroke before asking the server. */
export const SUGGESTION_DEBOUNCE_MS = 250;

export interface Suggestions<T> {
  /** Results to offer (empty under the minimum length). */
  readonly items: readonly T[];
  /** True when `items` answer exactly the current text (not an earlier, debounced one). */
  readonly settled: boolean;
  readonly loading: boolean;
}

export function useSuggestions<T>(
  kind: string,
  text: string,
  search: (term: string, signal: AbortSignal) => Promise<T[]>,
): Suggestions<T> {
  const [term] = useDebouncedValue(text, SUGGESTION_DEBOUNCE_MS);
  const enabled = term.length >= screenConstants.suggestionMinChars;
  const query = useQuery({
    queryKey: lookupKeys.search(kind, term),
    queryFn: ({ signal }) => search(term, signal),
    enabled,
    staleTime: 60_000,
    // While the next term loads, the list keeps the previous answer instead of flickering empty.
    placeholderData: keepPreviousData,
  });
  const active = enabled && text.length >= screenConstants.suggestionMinChars;
  return {
    items: active ? (query.data ?? []) : [],
    settled: active && term === text && query.isSuccess && !query.isPlaceholderData,
    loading: active && query.isFetching,
  };
}
