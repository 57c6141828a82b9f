/**
 * site-faq: the FAQ in an inline frame whose address is the server's configuration (`GET /api/faq_url`:
 * FAQ_URL, or the demo page this server serves); the CSP's frame-src allows exactly that origin.
 * A page of the portal's own origin (the demo page) gets the frame as tall as its content, following
 * its answers opening and closing: the portal's page scrolls, never a second scroll inside it. A page of
 * another origin cannot be measured: its frame keeps a height within the window.
 */
import { Alert, Anchor, Card, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { messages } from '../../../shared/catalogues/account';
import { faqUrlQueryOptions } from './content-queries';

/** The height of a same-origin frame's content, kept up to date; null when it cannot be read. */
function useContentHeight() {
  const [height, setHeight] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const onLoad = useCallback((event: SyntheticEvent<HTMLIFrameElement>) => {
    observer.current?.disconnect();
    let doc: Document | null = null;
    try {
      doc = event.currentTarget.contentDocument;
    } catch {
      doc = null;
    }
    if (!doc?.body) {
      setHeight(null);
      return;
    }
    const body = doc.body;
    const measure = () => setHeight(Math.ceil(body.getBoundingClientRect().height) + 2);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(body);
  }, []);
  return { height, onLoad };
}

export function FaqFrameBlock({ title }: { title: string }) {
  const query = useQuery(faqUrlQueryOptions());
  const content = useContentHeight();
  if (query.isPending) return <Loader aria-label={messages.loading} />;
  if (query.isError || !query.data.url) {
    return (
      <Alert color={query.isError ? 'red' : 'gray'} role="alert">
        {query.isError ? messages.contentLoadError : messages.contentFaqUnavailable}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Card withBorder radius="lg" padding={0} shadow="xs" style={{ overflow: 'hidden' }}>
        {/* A FAQ site may need its scripts and its own origin (cookies); the demo page runs none (CSP). */}
        <iframe
          src={query.data.url}
          title={title}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms"
          onLoad={content.onLoad}
          style={{
            border: 0,
            width: '100%',
            height: content.height === null ? 'min(70vh, 640px)' : `${content.height}px`,
            display: 'block',
          }}
          data-testid="faq-frame"
        />
      </Card>
      <Anchor href={query.data.url} target="_blank" rel="noopener noreferrer" size="sm">
        {messages.contentFaqOpen}
      </Anchor>
    </Stack>
  );
}
