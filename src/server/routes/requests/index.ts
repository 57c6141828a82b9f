/**
 * A request's whole life for the employee (issue 26): "Le mie richieste" (the requests sent from the
 * forms, each with its stage and expected payment day), one request's timeline, and the documents the
 * employee adds when an operator asked for them (the request goes back to the queue).
 */
import { operatorPaging } from '../../../../config/operator-console';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { pagingQueryProperties } from '../../services/paging';
import { addRequestDocuments, myRequest, myRequests } from '../../services/request-review';

export interface RequestLifeRoutesOptions {
  uploadsDir: string;
  publicUrl: string | null;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
  additionalProperties: false,
} as const;
const TAG = ['richieste'];

export default async function requestLifeRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/mie_richieste',
    {
      config: { route: 'mie-richieste' },
      schema: {
        summary: 'Le mie richieste',
        description:
          'Le richieste inviate dai moduli, dalla più recente, con lo stato e, finché aperte, la data entro cui è ' +
          'previsto il pagamento.',
        tags: TAG,
        querystring: {
          type: 'object',
          properties: { ...pagingQueryProperties(operatorPaging.myRequests) },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'mie-richieste#' }, ...errors },
      },
    },
    async (request) =>
      myRequests(app.db, requireAuth(request).userId, request.query, operatorPaging.myRequests),
  );

  app.get(
    '/api/richiesta/:id',
    {
      config: { route: 'dettaglio-richiesta' },
      schema: {
        summary: 'Una mia richiesta e la sua storia',
        tags: TAG,
        params: idParams,
        response: { 200: { $ref: 'richiesta-utente#' }, ...errors },
      },
    },
    async (request) => myRequest(app.db, requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/richiesta/:id/documenti',
    {
      config: { route: 'dettaglio-richiesta' },
      schema: {
        summary: 'Integrazione documentale: aggiunge documenti a una richiesta',
        description:
          'Con i documenti caricati (upload_file) allega quelli chiesti dall’operatore: la richiesta torna in verifica.',
        tags: TAG,
        params: idParams,
        body: {
          type: 'object',
          required: ['docs'],
          properties: {
            docs: {
              type: 'array',
              minItems: 1,
              maxItems: 8,
              items: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 },
            },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: ['id_acquisto', 'stato'],
            properties: {
              id_acquisto: { type: 'integer' },
              stato: { type: 'string', enum: ['in_verifica'] },
            },
            additionalProperties: false,
          },
          ...errors,
        },
      },
    },
    async (request) =>
      addRequestDocuments(app.db, requireAuth(request).userId, request.params.id, request.body.docs),
  );
}
