import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` redirects to menu (spec 000 §2). */
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: () => {
    throw redirect({ to: '/menu', replace: true });
  },
});
