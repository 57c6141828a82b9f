/** Credit of the logged user (spec 000 §7): both names of the call answer the same `crediti`. */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { errorResponses } from '../../plugins/schemas';
import { balances, toWireCrediti } from '../../services/ledger';

export default async function creditRoutes(app: FastifyInstance): Promise<void> {
  for (const url of ['/api/pdoppiaapi/credito_utente', '/api/get_user_credit_info']) {
    app.get(
      url,
      {
        schema: {
          summary: "Credito welfare dell'utente collegato",
          description:
            'Saldi spendibili delle linee di credito valide oggi: totale, di cui art. 51 c.3, e per tipo fonte.',
          tags: ['credito'],
          response: { 200: { $ref: 'credito-utente#' }, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => ({ crediti: toWireCrediti(await balances(app.db, requireAuth(request).userId)) }),
    );
  }
}
