/**
 * The installation's own declarations (config/extensions; config/README.md, "Per-installation
 * declarations") handed to the server's engines. Most registries of config/ merge the overlay themselves
 * (routes, grants, menu, purchases, showcases, support categories, pages); the request forms, the
 * partner pages and the app-voucher pages reach the server the way a test's declarations do, as
 * buildApp's `extraForms`, `extraPartners` and `extraAppVoucherPages`, so their start-up checks
 * (schema, gating, provider, catalogue) are the built-in ones.
 */
import { extensions as installed, type ConfigExtensions } from '../../config/extensions';
import type { FormDeclaration } from '../../config/forms/types';
import type { PartnerDeclaration } from '../../config/partners';
import type { BuildAppOptions } from './app';

/** `options` with the overlay's forms and partners before the caller's own extra ones. */
export function withExtensions(
  options: BuildAppOptions,
  extensions: ConfigExtensions = installed,
): BuildAppOptions {
  const forms = extensions.forms.map((form) => ({
    declaration: form.declaration as FormDeclaration,
    schema: form.schema as { $id: string; [keyword: string]: unknown },
  }));
  const partners = extensions.partners;
  const appVoucherPages = extensions.appVoucherPages;
  if (
    forms.length === 0 &&
    partners.declarations.length === 0 &&
    partners.providers.length === 0 &&
    appVoucherPages.length === 0
  )
    return options;
  return {
    ...options,
    extraForms: [...forms, ...(options.extraForms ?? [])],
    extraPartners: {
      providers: [...partners.providers, ...(options.extraPartners?.providers ?? [])],
      declarations: [
        ...(partners.declarations as readonly PartnerDeclaration[]),
        ...(options.extraPartners?.declarations ?? []),
      ],
    },
    extraAppVoucherPages: [...appVoucherPages, ...(options.extraAppVoucherPages ?? [])],
  };
}
