import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/route-guard';

/**
 * The referent back office (spec 002 §2.8, §6): profile ref_aziendale only; other users go to
 * menu. Calls made under this path carry `Act-For`. Its pages are children of this layout.
 */
export const Route = createFileRoute('/_authenticated/backoffice-refazi')({
  beforeLoad: guardRoute('home-refazi'),
});
