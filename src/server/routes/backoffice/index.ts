/** Referent back office (spec 002 §2.8): every route here is `backOffice`, so Act-For is checked. */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { errorResponses } from '../../plugins/schemas';
import { managedCompanies } from '../../services/sessions';

export default async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
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
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => managedCompanies(app.db, requireAuth(request).userId),
  );
}
