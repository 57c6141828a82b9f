import { Alert, Button, Container, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { messages } from '../../shared/catalogues/first-paint';
import { flattenBackendError } from './backend-error-box';
import { ApiError } from '../api/client';

/** Error state of a route whose loader failed: the server's message and a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const lines = error instanceof ApiError ? flattenBackendError(error.data) : [messages.genericError];
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={messages.backendErrorTitle} role="alert">
          {lines.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </Alert>
        <Button
          variant="light"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          {messages.retry}
        </Button>
      </Stack>
    </Container>
  );
}
