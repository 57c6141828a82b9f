/**
 * HTML written by operators or other users (info popup, notification texts) is sanitized with
 * DOMPurify before it reaches the DOM (ARCHITECTURE.md §7): no script, no event handler, no
 * `javascript:` address, no form or frame. Links that open a new tab get `rel="noopener noreferrer"`.
 */
import { Typography, type TypographyProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

let linksHooked = false;

function hookLinks(): void {
  if (linksHooked) return;
  linksHooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    if (node.getAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** The HTML without anything that could run: what may be given to `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  hookLinks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    ADD_ATTR: ['target'],
  });
}

/** True when the sanitized HTML shows nothing (only tags and white space). */
export function isBlankHtml(html: string): boolean {
  if (html.trim() === '') return true;
  if (/<(img|svg|video|audio|hr|table)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

export interface SafeHtmlProps extends Omit<TypographyProps, 'children'> {
  html: string | null | undefined;
}

/** Renders sanitized HTML with Mantine's typography styles. */
export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
