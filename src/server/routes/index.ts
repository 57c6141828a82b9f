/**
 * Every API route, in one encapsulated context whose onRequest hook checks the caller
 * (plugins/auth.ts) and applies the call's declared access (plugins/access.ts): each route says
 * `config: { public: true }`, `{ access: 'login' }` or `{ route: '<route name>' }`, checked as it is
 * registered. Back-office calls are registered only by the back-office plugin (routes/backoffice).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { checkRouteDeclaration, isBackOfficeContext, isOperatorContext } from '../plugins/access';
import { authenticate } from '../plugins/auth';
import authRoutes from './auth/index';
import backOfficeRoutes from './backoffice/index';
import operatorRoutes from './operator/index';
import requestLifeRoutes from './requests/index';
import consultantRoutes from './consultant/index';
import type { PurchaseDeclaration } from '../../../config/purchases/types';
import type { RegisteredForm } from '../services/form-requests';
import creditRoutes from './credit/index';
import reminderRoutes from './credit/reminders';
import demoPartnerRoutes from './demo-partner/index';
import devRoutes from './dev/index';
import documentRoutes from './documents/index';
import formRoutes from './forms/index';
import historyRoutes from './history/index';
import homeRoutes from './home/index';
import notificationRoutes from './notifications/index';
import partnerRoutes from './partners/index';
import type { PartnerRegistry } from '../services/partners';
import privacyRoutes from './privacy/index';
import pushRoutes from './push/index';
import purchaseRoutes from './purchases/index';
import shellRoutes from './shell/index';
// Support and content pages (issue 15)
import contentRoutes from './content/index';
import { supportCategories, type SupportCategory } from '../../../config/support-categories';
import skinRoutes from './skins/index';
// Conventions (issue 14).
import sellersRoutes from './sellers/index';
import demoSupplierRoutes from './sellers/demo-supplier';
import showcaseRoutes from './showcases/index';
import type { DeclaredAppVoucherPage, DeclaredShowcase } from './showcases/declared';
import type { TableDeclaration } from '../../../config/tables/types';
import tableRoutes, { datasetTables } from './tables/index';

export interface ApiRoutesOptions {
  demo: boolean;
  /** Folder of uploaded documents (outside every served folder). */
  uploadsDir: string;
  /** Request forms accepted besides config/forms. */
  extraForms: readonly RegisteredForm[];
  /** Route plugins registered beside the app's own (tests: a misplaced call must stop the start). */
  extraRoutes: readonly FastifyPluginAsync[];
  /** Purchases accepted besides config/purchases. */
  extraPurchases: readonly PurchaseDeclaration[];
  /** The partner pages and providers served (config/partners.ts plus a test's extra ones) with their secrets. */
  partners: PartnerRegistry;
  publicUrl: string | null;
  /** Support categories accepted besides config/support-categories.ts (tests: a fixture category). */
  extraSupportCategories?: readonly SupportCategory[];
  /** Whether this instance's timer queues the daily reminders of expiring credit (issue 28). */
  expiryReminderTimer?: boolean;
  /** Showcase grids served besides config/showcases (issue 25): declarations, no code. */
  extraShowcases?: readonly DeclaredShowcase[];
  /** App-voucher pages served besides config/showcases/app-vouchers.ts (issue 25). */
  extraAppVoucherPages?: readonly DeclaredAppVoucherPage[];
  /** Tables besides config/tables (tests): a dataset source gets its generated call (issue 25). */
  extraTables?: readonly TableDeclaration[];
}

export default async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  app.addHook('onRequest', authenticate);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    checkRouteDeclaration(app.routeRules, route, isBackOfficeContext(this), isOperatorContext(this));
  });
  await app.register(authRoutes);
  await app.register(shellRoutes);
  await app.register(homeRoutes);
  await app.register(notificationRoutes);
  // Web push of the installed portal (issue 28): the profile's subscription calls and the push worker.
  await app.register(pushRoutes);
  await app.register(creditRoutes);
  // Reminders of expiring credit (issue 28): the daily job's worker and the timer that queues it.
  await app.register(reminderRoutes, {
    publicUrl: options.publicUrl,
    timer: options.expiryReminderTimer ?? false,
  });
  await app.register(historyRoutes);
  // Tables declaring a dataset (issue 25): company ones in the back office, the user's beside it.
  const tables = datasetTables(options.extraTables ?? []);
  await app.register(backOfficeRoutes, { uploadsDir: options.uploadsDir, tables });
  await app.register(tableRoutes, { tables });
  // The provider's operator console and the employee's requests (issue 26).
  await app.register(operatorRoutes, {
    uploadsDir: options.uploadsDir,
    extraForms: options.extraForms,
    publicUrl: options.publicUrl,
  });
  await app.register(requestLifeRoutes, { uploadsDir: options.uploadsDir, publicUrl: options.publicUrl });
  // Consultants of the back office: signed requests, no session (issue 16).
  await app.register(consultantRoutes);
  await app.register(skinRoutes);
  await app.register(privacyRoutes);
  await app.register(formRoutes, { extraForms: options.extraForms });
  await app.register(purchaseRoutes, { extraPurchases: options.extraPurchases });
  await app.register(documentRoutes, { uploadsDir: options.uploadsDir, demo: options.demo });
  await app.register(partnerRoutes, { registry: options.partners, publicUrl: options.publicUrl });
  await app.register(devRoutes, { demo: options.demo });
  await app.register(demoPartnerRoutes, { demo: options.demo, registry: options.partners });
  // Support and content pages (issue 15)
  await app.register(contentRoutes, {
    uploadsDir: options.uploadsDir,
    demo: options.demo,
    supportCategories: [...supportCategories, ...(options.extraSupportCategories ?? [])],
  });
  // Conventions (issue 14): the calls of the /sellers screens and, in demo mode, the supplier's till.
  await app.register(sellersRoutes);
  await app.register(demoSupplierRoutes, { demo: options.demo });
  // Showcases (issue 13): vouchers, fuel card, app vouchers, mutual aid.
  await app.register(showcaseRoutes, {
    registry: options.partners,
    publicUrl: options.publicUrl,
    extraShowcases: options.extraShowcases ?? [],
    extraAppVoucherPages: options.extraAppVoucherPages ?? [],
  });
  for (const plugin of options.extraRoutes) await app.register(plugin);
}
