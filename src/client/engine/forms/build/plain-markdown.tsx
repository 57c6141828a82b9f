/**
 * Stand-in for `markdown-to-jsx/react`, aliased in vite.config.ts. rjsf's core imports the markdown
 * renderer (about 84 KB before gzip) for descriptions and help written in markdown, an option
 * (`enableMarkdownInDescription`) the portal's forms never turn on: their texts are plain. Rendering
 * the text as it is keeps the same behaviour without shipping the parser.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
