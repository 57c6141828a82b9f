/**
 * Referent back office (spec 000 §6, §7; 002 §2.8): the one plugin where back-office calls are
 * registered (plugins/access.ts stops the start for one registered anywhere else). It fails closed:
 * every call here must name a route of the `backoffice-refazi` group (checked as it is registered),
 * whose gating the auth hook applies by the shared rule; then this plugin requires the referent
 * profile and a managed company (the Act-For header's, else the session's choice, else the own one)
 * and hands it to the handler as `request.company` (`actingCompany(request)`). A call that changes
 * something (not GET) needs the Act-For header itself (400 without it).
 * Calls: the company switcher, the advances balance, the company movement history
 * (routes/history) and the downloads area: the monthly payroll transactions and the residual credit
 * of the employees, both streamed as .xlsx; and the pages of office.ts (affiliated companies,
 * schedule, plans, employees' files, public keys and consultants, incentive top-up).
 */
import { actingCompany, markBackOfficeContext } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { advancesBalance } from '../../services/advances';
import { isIsoDay, romeDate } from '../../services/calendar';
import { writeResidualCreditsXlsx } from '../../services/credit-status';
import { exportRange, writePayrollXlsx } from '../../services/history';
import { managedCompanies } from '../../services/sessions';
import { sendXlsx, XLSX_MIME } from '../../services/spreadsheet';
import { formatCents } from '../../../shared/money';
import { ApiError } from '../../errors';
import { companyHistoryRoute } from '../history/index';
import { officeRoutes, type OfficeRoutesOptions } from './office';
import { internalMessagesRoutes } from './internal-messages';
// Piattapasto (issue 17)
import piattapastoRoutes from './piattapasto/index';
import importRoutes from './imports/index';
import { registerTableCalls, type DeclaredTable } from '../tables/declared';

const boErrors = errorResponses(400, 401, 403, 429);

const xlsxAnswer = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } },
});

export interface BackOfficeRoutesOptions extends OfficeRoutesOptions {
  /** Tables whose source names a dataset (routes/tables): the company ones are served here. */
  tables?: readonly DeclaredTable[];
}

export default async function backOfficeRoutes(
  app: WireApp,
  options: BackOfficeRoutesOptions,
): Promise<void> {
  markBackOfficeContext(app);
  app.addHook('onRoute', (route) => {
    const name = route.config?.route;
    const table = app.routeRules;
    if (name === undefined || !Object.hasOwn(table, name) || table[name]?.group !== 'backoffice-refazi') {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: nel back office ogni chiamata nomina una route del gruppo backoffice-refazi.`,
      );
    }
  });
  // After the auth hook (session, Act-For, the route's gating): referent and managed company.
  app.addHook('onRequest', async (request) => {
    const auth = requireAuth(request);
    if (auth.profile !== 'ref_aziendale') throw ApiError.of(403, 'apiForbidden');
    if (!auth.managesCompany) throw ApiError.of(403, 'apiActForForbidden');
    // A change is made for the company the page names, never for a remembered or default one.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.headers['act-for'] === undefined) {
      throw ApiError.of(400, 'apiActForRequired');
    }
    request.company = auth.company;
  });

  app.get(
    '/api/aziende_referente',
    {
      config: { route: 'home-refazi' },
      schema: {
        summary: 'Aziende gestite dal referente',
        description: "L'azienda del referente e quelle di cui è referente (per il selettore azienda).",
        tags: ['back office'],
        response: {
          200: { type: 'array', items: { $ref: 'azienda-referente#' } },
          ...boErrors,
        },
      },
    },
    async (request) => managedCompanies(app.db, requireAuth(request).userId),
  );

  app.get(
    '/api/get_status_conto_anticipi',
    {
      config: { route: 'office-transactionsdash' },
      schema: {
        summary: 'Saldo del conto anticipi dell’azienda',
        description:
          'Il saldo del conto anticipi dell’azienda per cui opera il referente (Act-For): versato meno prelevato; ' +
          'negativo quando l’azienda è a debito.',
        tags: ['back office'],
        response: { 200: { $ref: 'conto-anticipi#' }, ...boErrors },
      },
    },
    async (request) => ({
      saldo_anticipi: formatCents(await advancesBalance(app.db, actingCompany(request))),
    }),
  );

  app.get(
    '/api/export_wfbridge_fine_mese',
    {
      config: { route: 'office-transactionsdash' },
      schema: {
        summary: 'Export mensile delle transazioni per le paghe (sperimentale)',
        description:
          'Foglio .xlsx con i movimenti dei dipendenti dell’azienda per cui opera il referente nei giorni ' +
          '`date_start`..`date_end` (AAAA-MM-GG, inclusi, Europe/Rome), dal più vecchio: codice fiscale, cognome, ' +
          'nome, data, tipo, id acquisto, stato, oggetto, soggetto, avere, dare. Regole (400 sul campo): entrambe ' +
          'le date obbligatorie, inizio non dopo la fine, dal primo giorno del mese precedente a oggi.',
        tags: ['back office'],
        produces: [XLSX_MIME],
        querystring: {
          type: 'object',
          properties: {
            date_start: { type: 'string', maxLength: 10, description: 'Primo giorno (obbligatorio).' },
            date_end: { type: 'string', maxLength: 10, description: 'Ultimo giorno (obbligatorio).' },
          },
          additionalProperties: false,
        },
        response: { ...xlsxAnswer('Le transazioni del periodo.'), ...boErrors },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const range = exportRange(request.query, romeDate(), isIsoDay);
      return sendXlsx(
        request,
        reply,
        `transazioni_fine_mese_${companyId}_${range.dateStart}_${range.dateStop}.xlsx`,
        (out) => writePayrollXlsx(app.db, companyId, range, out),
      );
    },
  );

  app.get(
    '/api/export_crediti_res_utenti',
    {
      config: { route: 'office-transactionsdash' },
      schema: {
        summary: 'Export del credito residuo dei dipendenti',
        description:
          'Foglio .xlsx con una riga per dipendente dell’azienda per cui opera il referente, per cognome e nome: ' +
          'credito totale spendibile oggi, di cui art. 51 c.3, e la scadenza più vicina di una linea con credito.',
        tags: ['back office'],
        produces: [XLSX_MIME],
        response: { ...xlsxAnswer('Il credito residuo dei dipendenti.'), ...boErrors },
      },
    },
    async (request, reply) => {
      const companyId = actingCompany(request);
      const today = romeDate();
      return sendXlsx(request, reply, `crediti_residui_${companyId}_${today}.xlsx`, (out) =>
        writeResidualCreditsXlsx(app.db, companyId, today, out),
      );
    },
  );

  companyHistoryRoute(app);
  officeRoutes(app, options);
  // internal messaging (issue 17)
  internalMessagesRoutes(app);
  // Piattapasto (issue 17): in a child context (multipart for the order CSV).
  await app.register(piattapastoRoutes);
  // bulk credit import (issue 17): its own context (multipart)
  await app.register(importRoutes, { uploadsDir: options.uploadsDir });
  // Tables declared with a company dataset (issue 25): their generated calls (routes/tables).
  registerTableCalls(app, options.tables ?? [], 'company');
}
