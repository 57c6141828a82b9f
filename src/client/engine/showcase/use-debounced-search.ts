/**
 * A search box's value and the search it sends (ARCHITECTURE.md §4: from 2 characters, 500 ms): what
 * is typed shows at once; the search follows `debounceMs` after the last keystroke, so a pause in
 * typing makes one call. Fewer than `minChars` characters (but some) search nothing: the list shows
 * unfiltered, as with an empty box.
 */
import { useEffect, useState } from 'react';

export function effectiveSearch(typed: string, minChars: number): string {
  const trimmed = typed.trim();
  return trimmed.length >= minChars ? trimmed : '';
}

export function useDebouncedSearch(
  minChars: number,
  debounceMs: number,
): { typed: string; setTyped: (value: string) => void; search: string } {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const next = effectiveSearch(typed, minChars);
    if (next === search) return;
    const timer = setTimeout(() => setSearch(next), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, search, minChars, debounceMs]);
  return { typed, setTyped, search };
}
