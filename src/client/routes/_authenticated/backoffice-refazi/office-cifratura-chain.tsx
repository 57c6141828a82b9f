import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { KeysScreen } from '../../../features/backoffice/keys-screen';

/** office-cifratura-chain (spec 002 §2.8): encryption keys made in the browser, and the company's keys. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-cifratura-chain')({
  beforeLoad: guardRoute('office-cifratura-chain'),
  component: KeysScreen,
});
