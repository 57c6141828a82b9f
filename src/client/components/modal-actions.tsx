/**
 * The buttons at the foot of a modal form: side by side from 36em (the main action last, on the
 * right), stacked full width below it with the main action on top.
 */
import { Flex } from '@mantine/core';
import type { ReactNode } from 'react';

export function ModalActions({ children, spread = false }: { children: ReactNode; spread?: boolean }) {
  return (
    <Flex
      direction={{ base: 'column-reverse', xs: 'row' }}
      justify={spread ? 'space-between' : 'flex-end'}
      gap="sm"
    >
      {children}
    </Flex>
  );
}
