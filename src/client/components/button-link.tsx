/** Mantine `Button` as a typed TanStack Router link (an `<a>` that looks like a button). */
import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const MantineButtonAnchor = forwardRef<
  HTMLAnchorElement,
  ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>
>(function MantineButtonAnchor(props, ref) {
  return <Button component="a" ref={ref} {...props} />;
});

export const ButtonLink = createLink(MantineButtonAnchor);
