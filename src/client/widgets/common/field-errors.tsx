/**
 * Errors shown by the widgets: what rjsf reports for the field (`rawErrors`, schema and extra errors)
 * together with what the engine's last validation reports for it (`errorsFor`, the shared rules),
 * each message once. Mantine shows them through the input's `error` prop (aria-invalid and
 * aria-describedby come with it); the text sits in an alert so screen readers announce it when it appears.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The distinct non-empty messages of several lists, in order. */
export function mergeErrors(...lists: readonly (readonly string[] | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const message of list ?? []) if (message.trim() !== '') seen.add(message);
  return [...seen];
}

/** What a Mantine input takes as `error`: undefined when there is nothing to say. */
export function errorNode(messages: readonly string[]): ReactNode {
  if (messages.length === 0) return undefined;
  return <AlertText>{messages.join(' ')}</AlertText>;
}

/** A text announced when it appears (inside Mantine's error or description slot, or on its own). */
export function AlertText({ children }: { children: ReactNode }) {
  return <span role="alert">{children}</span>;
}

/** The errors of a whole block (beneficiary, supplier), shown under its legend; nothing when none. */
export function BlockErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Text size="sm" c="red.8">
      <AlertText>{messages.join(' ')}</AlertText>
    </Text>
  );
}
