/**
 * The text of an input kept as local state in front of a form value that may come back later (the
 * form re-renders after the keystroke, possibly in a transition). The value coming back is the echo of
 * what was typed and never overwrites newer typing; any other value (a replay, a block filling the
 * field, a reset) replaces the text.
 */
import { useCallback, useState } from 'react';

/** Echoes still expected are few; the bound only keeps a value the form never echoes from piling up. */
const MAX_PENDING = 64;

export function useEchoedText(external: string): [string, (next: string) => void] {
  const [text, setText] = useState(external);
  const [seen, setSeen] = useState(external);
  const [pending, setPending] = useState<readonly string[]>([]);
  if (external !== seen) {
    setSeen(external);
    const echo = pending.indexOf(external);
    if (echo >= 0) {
      setPending(pending.slice(echo + 1));
    } else {
      setPending([]);
      setText(external);
    }
  }
  const update = useCallback(
    (next: string) => {
      setText(next);
      // A write equal to the current value changes nothing, so no echo will come for it.
      if (next !== seen) setPending((list) => [...list.slice(-MAX_PENDING + 1), next]);
    },
    [seen],
  );
  return [text, update];
}
