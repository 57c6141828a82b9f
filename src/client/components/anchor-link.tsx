/** Mantine `Anchor` as a typed TanStack Router link. */
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
  function MantineAnchor(props, ref) {
    return <Anchor ref={ref} {...props} />;
  },
);

export const AnchorLink = createLink(MantineAnchor);
