/**
 * The movement history (spec 000 §2 dashmovimenti, §3, §7 get_storico_transazioni/{entity}):
 * `utente` is the logged user's own history (this plugin); `azienda` is the history of the company
 * acted for, with the company balance, registered by the back-office plugin (routes/backoffice) through
 * `companyHistoryRoute`, which hands it the company. Both answer one page as JSON, or with
 * `download=true` the whole filtered range as a streamed .xlsx.
 */
import { actingCompany } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { romeDate } from '../../services/calendar';
import { companyBalance } from '../../services/credit-status';
import {
  HISTORY_PAGING,
  HISTORY_SEARCH_MAX,
  historyFilter,
  historyPage,
  writeHistoryXlsx,
  type HistoryEntity,
  type HistoryScope,
} from '../../services/history';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { sendXlsx, XLSX_MIME } from '../../services/spreadsheet';
import { formatCents } from '../../../shared/money';

/** Days of the years 1900-2099: anything else is a typing error, not a history. */
const YEARS = '^(19|20)\\d{2}-';

const historyQuery = {
  type: 'object',
  properties: {
    date_start: {
      type: 'string',
      format: 'date',
      pattern: YEARS,
      description:
        'Primo giorno (AAAA-MM-GG, Europe/Rome, incluso). Predefinito: il primo giorno di 11 mesi prima del mese di `date_stop`.',
    },
    date_stop: {
      type: 'string',
      format: 'date',
      pattern: YEARS,
      description: 'Ultimo giorno (AAAA-MM-GG, Europe/Rome, incluso). Predefinito: oggi.',
    },
    search: {
      type: 'string',
      maxLength: HISTORY_SEARCH_MAX,
      // PostgreSQL text cannot hold NUL.
      pattern: '^[^\\u0000]*$',
      description:
        'Testo cercato, senza distinzione di maiuscole, in oggetto e soggetto (per `azienda` anche nel nome del dipendente).',
    },
    ...pagingQueryProperties(HISTORY_PAGING),
    download: {
      type: 'boolean',
      default: false,
      description:
        '`true`: tutto l’intervallo filtrato come foglio .xlsx (allegato), invece della pagina JSON.',
    },
  },
  additionalProperties: false,
} as const;

interface HistoryEntry {
  entity: HistoryEntity;
  summary: string;
  description: string;
}

const USER_HISTORY: HistoryEntry = {
  entity: 'utente',
  summary: 'Storico movimenti dell’utente',
  description: 'I movimenti dell’utente collegato.',
};

const COMPANY_HISTORY: HistoryEntry = {
  entity: 'azienda',
  summary: 'Storico movimenti dell’azienda (back office)',
  description:
    'I movimenti di tutti i dipendenti dell’azienda per cui opera il referente (Act-For), con il dipendente ' +
    'di ogni movimento (`id_utente`, `dipendente`) e `saldo_aziendale`, il credito spendibile oggi dei suoi ' +
    'dipendenti. Solo referenti (altrimenti 403).',
};

/** One entity's route: `utente` for the movement page, `azienda` for the back office's. */
function historyRoute(app: WireApp, { entity, summary, description }: HistoryEntry): void {
  app.get(
    `/api/get_storico_transazioni/${entity}`,
    {
      config: { route: entity === 'azienda' ? 'office-transactionsdash' : 'dashmovimenti' },
      schema: {
        summary,
        description:
          `${description} Filtri: giorni \`date_start\`..\`date_stop\` (inclusi, Europe/Rome; inizio dopo la fine: ` +
          `400 su \`date_start\`) e \`search\`. Risposta JSON: una pagina (${pagingDescription(HISTORY_PAGING)}), ` +
          'dal più recente, con ' +
          '`count`, i totali dell’intervallo e quelli di ogni mese. Con `download=true`: un foglio .xlsx con ' +
          'tutti i movimenti filtrati, nello stesso ordine (Content-Disposition: attachment; ' +
          `filename="movimenti_${entity}_<date_start>_<date_stop>.xlsx").`,
        tags: ['movimenti'],
        querystring: historyQuery,
        response: {
          200: {
            description: 'La pagina richiesta (JSON), oppure il foglio .xlsx con `download=true`.',
            content: {
              'application/json': { schema: { $ref: 'storico-transazioni#' } },
              [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const scope: HistoryScope =
        entity === 'utente' ? { entity, userId: auth.userId } : { entity, companyId: actingCompany(request) };
      const today = romeDate();
      const filter = historyFilter(request.query, today);
      if (request.query.download) {
        return sendXlsx(
          request,
          reply,
          `movimenti_${entity}_${filter.dateStart}_${filter.dateStop}.xlsx`,
          (out) => writeHistoryXlsx(app.db, scope, filter, out),
        );
      }
      const page = await historyPage(app.db, scope, filter, pageSlice(request.query, HISTORY_PAGING));
      if (scope.entity === 'utente') return page;
      return {
        ...page,
        saldo_aziendale: formatCents(await companyBalance(app.db, scope.companyId, today)),
      };
    },
  );
}

export default async function historyRoutes(app: WireApp): Promise<void> {
  historyRoute(app, USER_HISTORY);
}

/** The company history, registered inside the back-office plugin (it sets the company). */
export function companyHistoryRoute(app: WireApp): void {
  historyRoute(app, COMPANY_HISTORY);
}
