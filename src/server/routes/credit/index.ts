/**
 * Credit of the logged user (spec 000 §2, §3, §7): both names of the balance call answer the same
 * `crediti`; the credit lines (credit-status modal) and the cancelled purchases (cancelled-purchases
 * modal) of the movement page.
 */
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import {
  CANCELLED_DEFAULT_PAGE_SIZE,
  CANCELLED_PAGE_SIZES,
  cancelledPurchases,
  creditLines,
} from '../../services/credit-status';
import { balances, toWireCrediti } from '../../services/ledger';

const authErrors = errorResponses(400, 401, 403, 429);

export default async function creditRoutes(app: WireApp): Promise<void> {
  for (const url of ['/api/pdoppiaapi/credito_utente', '/api/get_user_credit_info']) {
    app.get(
      url,
      {
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

  app.get(
    '/api/crediti_lista',
    {
      schema: {
        summary: 'Linee di credito dell’utente',
        description:
          'Tutte le linee di credito dell’utente collegato (anche scadute), dalla più recente per decorrenza: fonte, ' +
          'credito iniziale, spendibile e contabile. Nei saldi contano solo le linee valide oggi (decorrenza <= oggi ' +
          '<= scadenza, giorni a Roma).',
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
      schema: {
        summary: 'Acquisti annullati dell’utente',
        description:
          'Le richieste dell’utente collegato rifiutate da un operatore (il credito è tornato alle linee con un ' +
          'movimento AVERE), dalla più recente. `page` da 1 (oltre l’ultima pagina: `results` vuoto), `page_size` ' +
          `tra ${CANCELLED_PAGE_SIZES.join(', ')} (predefinita ${CANCELLED_DEFAULT_PAGE_SIZE}).`,
        tags: ['credito'],
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            page_size: {
              type: 'integer',
              enum: [...CANCELLED_PAGE_SIZES],
              default: CANCELLED_DEFAULT_PAGE_SIZE,
            },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'acquisti-annullati#' }, ...authErrors },
      },
    },
    async (request) =>
      cancelledPurchases(app.db, requireAuth(request).userId, request.query.page, request.query.page_size),
  );
}
