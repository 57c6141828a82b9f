/**
 * Dialogs answered only by their own buttons (spec 000 §8: "Riepilogo operazione" and the other
 * questions of the forms and purchases): no backdrop, Escape or header close. Opened through the
 * lazily mounted modal host (`withOverlays()`); shared by the form and purchase engines.
 */
import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { withOverlays } from './overlay-host';

/** Mantine modal settings of a dialog that only its buttons close. */
export const ANSWER_ONLY = {
  withCloseButton: false,
  closeOnClickOutside: false,
  closeOnEscape: false,
  centered: true,
} as const;

let dialogCounter = 0;
const nextDialogId = (prefix: string) => `${prefix}-${++dialogCounter}`;

/** A button that runs its action once: it disables itself at the first click (a double click is one action). */
export function OnceButton({
  onClick,
  children,
  initialFocus = false,
  variant,
  testId,
}: {
  onClick: () => void;
  children: ReactNode;
  /** Mantine's modal focuses the element marked `data-autofocus` when it opens. */
  initialFocus?: boolean;
  variant?: 'default' | 'filled';
  testId?: string;
}) {
  const [done, setDone] = useState(false);
  return (
    <Button
      variant={variant ?? 'filled'}
      disabled={done}
      data-autofocus={initialFocus || undefined}
      data-testid={testId}
      onClick={() => {
        if (done) return;
        setDone(true);
        onClick();
      }}
    >
      {children}
    </Button>
  );
}

export interface OpenDialog {
  close(): void;
}

/**
 * Opens a dialog whose content gets `answer(value)`: the first answer closes it and resolves the
 * promise; later answers (a second click) are ignored.
 */
export async function openAnswerDialog<T>(
  prefix: string,
  title: string,
  render: (answer: (value: T) => void) => ReactNode,
  size: 'sm' | 'md' | 'lg' = 'md',
): Promise<{ result: Promise<T>; dialog: OpenDialog }> {
  const { modals } = await withOverlays();
  const modalId = nextDialogId(prefix);
  let settle: (value: T) => void = () => undefined;
  const result = new Promise<T>((resolve) => {
    settle = resolve;
  });
  let answered = false;
  const answer = (value: T) => {
    if (answered) return;
    answered = true;
    modals.close(modalId);
    settle(value);
  };
  modals.open({ modalId, title, size, ...ANSWER_ONLY, children: render(answer) });
  return { result, dialog: { close: () => modals.close(modalId) } };
}
