/**
 * Credit of the logged user (spec 000 §2, §3, §7): both names of the balance call answer the same
 * `crediti`; the credit lines (credit-status modal) and the cancelled purchases (cancelled-purchases
 * modal) of the movement page.
 */
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { CANCELLED_PAGING, cancelledPurchases, creditLines } from '../../services/credit-status';
import { expiryForecast } from '../../services/expiry-reminders';
import { balances, toWireCrediti } from '../../services/ledger';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';

const authErrors = errorResponses(400, 401, 403, 429);

export default async function creditRoutes(app: WireApp): Promise<void> {
  for (const url of ['/api/pdoppiaapi/credito_utente', '/api/get_user_credit_info']) {
    app.get(
      url,
      {
        config: { access: 'login' },
        schema: {
          summary: "Credito welfare dell'utente collegato",
          description:
            'Saldi spendibili delle linee di credito valide oggi: totale, di cui art. 51 c.3, e per tipo fonte.',
          tags: ['credito'],
          response: { 200: { $ref: 'credito-utente#' }, ...authErrors },
        },
      },
      async (request) => ({ crediti: toWireCrediti(await balances(app.db, requireAuth(request).userId)) }),
    );
  }

  // What expires next (issue 28): the home, the shell's credit popover and the credit-status modal.
  app.get(
    '/api/crediti_in_scadenza',
    {
      config: { route: 'menu' },
      schema: {
        summary: 'Credito in scadenza dell’utente',
        description:
          'Le linee di credito dell’utente collegato valide oggi (giorni a Roma) con credito spendibile residuo, ' +
          'dalla scadenza più vicina: importo spendibile, data di scadenza, giorni che mancano, fonte. Vuoto se ' +
          'non c’è credito in scadenza.',
        tags: ['credito'],
        response: { 200: { $ref: 'crediti-in-scadenza#' }, ...authErrors },
      },
    },
    async (request) => ({ scadenze: await expiryForecast(app.db, requireAuth(request).userId) }),
  );

  app.get(
    '/api/crediti_lista',
    {
      config: { route: 'dashmovimenti' },
      schema: {
        summary: 'Linee di credito dell’utente',
        description:
          'Tutte le linee di credito dell’utente collegato (anche scadute), dalla più recente per decorrenza: fonte, ' +
          'stato (attiva, scaduta, futura), credito iniziale, spendibile e contabile. Spendibile è ciò che la linea ' +
          'permette di spendere oggi: 0.00 per una linea scaduta o non ancora decorsa (decorrenza <= oggi <= ' +
          'scadenza, giorni a Roma), così la somma delle linee è il saldo totale.',
        tags: ['credito'],
        response: {
          200: { description: 'Le linee di credito.', type: 'array', items: { $ref: 'linea-credito#' } },
          ...authErrors,
        },
      },
    },
    async (request) => creditLines(app.db, requireAuth(request).userId),
  );

  app.get(
    '/api/acquisti_annullati',
    {
      config: { route: 'dashmovimenti' },
      schema: {
        summary: 'Acquisti annullati dell’utente',
        description:
          'Le richieste dell’utente collegato rifiutate da un operatore (il credito è tornato alle linee con un ' +
          `movimento AVERE), dalla più recente. ${pagingDescription(CANCELLED_PAGING)}`,
        tags: ['credito'],
        querystring: {
          type: 'object',
          properties: pagingQueryProperties(CANCELLED_PAGING),
          additionalProperties: false,
        },
        response: { 200: { $ref: 'acquisti-annullati#' }, ...authErrors },
      },
    },
    async (request) =>
      cancelledPurchases(app.db, requireAuth(request).userId, pageSlice(request.query, CANCELLED_PAGING)),
  );
}
