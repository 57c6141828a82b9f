import { Center, Loader } from '@mantine/core';
import { messages } from '../../shared/catalogues/first-paint';

/** Pending state of a route or a block. */
export function PageLoader() {
  return (
    <Center mih={200} p="xl" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">{messages.loading}</span>
    </Center>
  );
}
