/**
 * Referent back office (spec 000 §6, §7; 002 §2.8): every route here is `backOffice`, so Act-For is
 * checked and the company acted for is the header's one (or the session's default, the own company).
 * The company switcher, the advances balance and the downloads area: the monthly payroll
 * transactions and the residual credit of the employees, both streamed as .xlsx.
 */
import { requireAuth, type AuthContext } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { advancesBalance } from '../../services/advances';
import { isIsoDay, romeDate } from '../../services/calendar';
import { writeResidualCreditsXlsx } from '../../services/credit-status';
import { exportRange, writePayrollXlsx } from '../../services/history';
import { managedCompanies } from '../../services/sessions';
import { sendXlsx, XLSX_MIME } from '../../services/spreadsheet';
import { formatCents } from '../../../shared/money';

const boErrors = errorResponses(400, 401, 403, 429);

const xlsxAnswer = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } } },
});

/** The company acted for (the auth hook always sets it on back-office routes). */
const companyOf = (auth: AuthContext): number => auth.actingFor ?? auth.companyId;

export default async function backOfficeRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/aziende_referente',
    {
      config: { backOffice: true },
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
      config: { backOffice: true },
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
      saldo_anticipi: formatCents(await advancesBalance(app.db, companyOf(requireAuth(request)))),
    }),
  );

  app.get(
    '/api/export_wfbridge_fine_mese',
    {
      config: { backOffice: true },
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
      const companyId = companyOf(requireAuth(request));
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
      config: { backOffice: true },
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
      const companyId = companyOf(requireAuth(request));
      const today = romeDate();
      return sendXlsx(request, reply, `crediti_residui_${companyId}_${today}.xlsx`, (out) =>
        writeResidualCreditsXlsx(app.db, companyId, today, out),
      );
    },
  );
}
