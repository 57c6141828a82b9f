/**
 * site-faq: the FAQ in an inline frame whose address is the server's configuration (`GET /api/faq_url`:
 * FAQ_URL, or the demo page this server serves); the CSP's frame-src allows exactly that origin.
 */
import { Alert, Anchor, Card, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { messages } from '../../../shared/catalogues/account';
import type { FaqFrame } from '../../../../schemas/wire-types.gen';

export const faqUrlQueryOptions = () => ({
  queryKey: ['content', 'faq-url'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<FaqFrame>('/faq_url', { signal }),
  staleTime: 60 * 60_000,
});

export function FaqFrameBlock({ title }: { title: string }) {
  const query = useQuery(faqUrlQueryOptions());
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
          style={{ border: 0, width: '100%', height: 'min(70vh, 640px)', display: 'block' }}
          data-testid="faq-frame"
        />
      </Card>
      <Anchor href={query.data.url} target="_blank" rel="noopener noreferrer" size="sm">
        {messages.contentFaqOpen}
      </Anchor>
    </Stack>
  );
}
