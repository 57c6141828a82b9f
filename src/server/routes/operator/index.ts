/**
 * The provider's operator console (issue 26): the one plugin where operator calls are registered
 * (plugins/access.ts stops the start for one registered anywhere else, and for a call here that does
 * not name a route of the `operatore` group). It fails closed: after the auth hook (session, the
 * route's gating by the shared rule) it requires the `operatore` profile and an operator row, whose
 * scope (customers served, payments) every service applies. The auth hook refuses an operator's
 * session on any call outside this plugin (but sign-out, password change and the shell's reads).
 *
 * Calls: who is signed in with the filters' choices, the review queue, a request's page (opening it
 * puts it `in_verifica`), its documents inline, the decisions, payout batches with their SEPA file,
 * execution and cancellation, and the audit log. Each action writes the audit log in its transaction;
 * the employee's mail leaves after the commit.
 */
import { sql } from 'kysely';
import { operatorPaging, operatorRules, rejectReasons } from '../../../../config/operator-console';
import { formatCents, parseCents } from '../../../shared/money';
import { markOperatorContext } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import type { WireApp } from '../../plugins/schemas';
import { CONSOLE_TAG, consoleErrors, idParams } from './shared';
import { ApiError } from '../../errors';
import { declaredText } from '../../messages';
import { isIsoDay } from '../../services/calendar';
import { contentDisposition, readDocument } from '../../services/documents';
import type { RegisteredForm } from '../../services/form-requests';
import { listAudit, type Actor } from '../../services/operator-audit';
import { inScope, operatorScope, type OperatorScope } from '../../services/operators';
import { pagingQueryProperties } from '../../services/paging';
import {
  batchDetail,
  batchFile,
  cancelBatch,
  createBatch,
  executeBatch,
  payoutOverview,
} from '../../services/payouts';
import {
  decideRequest,
  listQueue,
  openRequest,
  requestDetail,
  type Decision,
} from '../../services/request-review';
import { registeredForms } from '../forms/index';
import { consoleOperationsRoutes } from './operations';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator's scope, set by the operator console's plugin (else null). */
    operator: OperatorScope | null;
  }
}

export interface OperatorRoutesOptions {
  uploadsDir: string;
  extraForms: readonly RegisteredForm[];
  publicUrl: string | null;
}

const errors = consoleErrors;
const TAG = CONSOLE_TAG;

function operatorOf(request: { operator: OperatorScope | null }): OperatorScope {
  if (!request.operator) throw ApiError.of(403, 'apiOperatorOnly');
  return request.operator;
}

function actorOf(request: { operator: OperatorScope | null; ip: string }): Actor {
  const scope = operatorOf(request);
  return { operatorId: scope.operatorId, actor: scope.email, address: request.ip };
}

/** A decimal euro amount of a filter, as cents (400 on the field otherwise). */
function centsFilter(field: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const cents = parseCents(value);
  if (cents === null || cents < 0) throw new ApiError(400, { [field]: ['Importo non valido.'] });
  return cents;
}

export default async function operatorRoutes(app: WireApp, options: OperatorRoutesOptions): Promise<void> {
  markOperatorContext(app);
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, operatorConsole: true };
  });
  app.addHook('onRequest', async (request) => {
    const auth = requireAuth(request);
    if (auth.profile !== 'operatore') throw ApiError.of(403, 'apiOperatorOnly');
    request.operator = await operatorScope(app.db, auth.userId);
  });
  const forms = registeredForms(options.extraForms);
  // Decisions and payments write their mails in their own transactions (the outbox, plugins/mail.ts).
  const notice = { baseUrl: options.publicUrl ?? 'http://localhost', outbox: app.mail };

  app.get(
    '/api/operatore/profilo',
    {
      config: { route: 'home-operatore' },
      schema: {
        summary: 'Operatore collegato e scelte dei filtri',
        tags: TAG,
        response: { 200: { $ref: 'operatore-profilo#' }, ...errors },
      },
    },
    async (request) => {
      const scope = operatorOf(request);
      const [customers, companies] = await Promise.all([
        app.db
          .selectFrom('customers')
          .select(['id', 'slug', 'name'])
          .where('slug', '<>', 'operatori')
          .where(inScope(scope, sql.ref('id')))
          .orderBy('name')
          .execute(),
        app.db
          .selectFrom('companies as c')
          .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
          .select(['c.id_azienda', 'c.nome', 'c.customer_id'])
          .where('cu.slug', '<>', 'operatori')
          .where(inScope(scope, sql.ref('c.customer_id')))
          .orderBy('c.nome')
          .execute(),
      ]);
      return {
        nome: scope.nome,
        cognome: scope.cognome,
        email: scope.email,
        puo_pagare: scope.canPay,
        tutti_i_clienti: scope.customerIds === null,
        clienti: customers.map((c) => ({ id: c.id, codice: c.slug, nome: c.name })),
        aziende: companies.map((c) => ({ id: c.id_azienda, nome: c.nome, cliente: c.customer_id })),
        moduli: forms.map((f) => ({
          route: f.declaration.route_name,
          titolo: declaredText(f.declaration.title),
        })),
        motivi_rifiuto: rejectReasons.map((r) => ({ code: r.code, label: declaredText(r.label) })),
        soglia_quattro_occhi: formatCents(operatorRules.fourEyesAboveCents),
      };
    },
  );

  app.get(
    '/api/operatore/richieste',
    {
      config: { route: 'home-operatore' },
      schema: {
        summary: 'Coda delle richieste da decidere',
        description:
          'Le richieste in attesa di una decisione (inviata, in verifica, documenti richiesti), dalla più vecchia, con ' +
          'i conteggi per stato. Filtri: cliente, azienda, modulo, stato, importo minimo e massimo (euro, es. 1234.50), ' +
          'età minima in giorni.',
        tags: TAG,
        querystring: {
          type: 'object',
          properties: {
            cliente: { type: 'integer', minimum: 1 },
            azienda: { type: 'integer', minimum: 1 },
            modulo: { type: 'string', maxLength: 64 },
            stato: { type: 'string', enum: ['inviata', 'in_verifica', 'documenti_richiesti'] },
            importo_min: { type: 'string', maxLength: 20 },
            importo_max: { type: 'string', maxLength: 20 },
            giorni_min: { type: 'integer', minimum: 0, maximum: 3650 },
            ...pagingQueryProperties(operatorPaging.queue),
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'operatore-coda#' }, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return listQueue(
        app.db,
        operatorOf(request),
        {
          cliente: q.cliente,
          azienda: q.azienda,
          modulo: q.modulo,
          stato: q.stato,
          importo_min: centsFilter('importo_min', q.importo_min),
          importo_max: centsFilter('importo_max', q.importo_max),
          giorni_min: q.giorni_min,
          page: q.page,
          page_size: q.page_size,
        },
        operatorPaging.queue,
      );
    },
  );

  app.get(
    '/api/operatore/richieste/:id',
    {
      config: { route: 'operatore-richiesta' },
      schema: {
        summary: 'Una richiesta, per decidere',
        description:
          'Dipendente, azienda, modulo e risposte, beneficiario, IBAN (mascherato salvo per chi paga), documenti, linee ' +
          'di credito e storia. Aprirla la prima volta la porta in verifica.',
        tags: TAG,
        params: idParams,
        response: { 200: { $ref: 'operatore-richiesta#' }, ...errors },
      },
    },
    async (request) => {
      const scope = operatorOf(request);
      await openRequest(app.db, actorOf(request), scope, request.params.id);
      return requestDetail(app.db, forms, scope, request.params.id);
    },
  );

  app.post(
    '/api/operatore/richieste/:id/decisione',
    {
      config: { route: 'operatore-richiesta' },
      schema: {
        summary: 'Decisione su una richiesta',
        description:
          'approva (sopra la soglia servono due operatori diversi), rifiuta (motivo dichiarato e nota; il credito torna ' +
          'alle linee da cui era stato preso), richiedi_documenti (nota con i documenti mancanti). `versione` è quella ' +
          'letta con la richiesta: se nel frattempo è cambiata, 409 con chi l’ha cambiata.',
        tags: TAG,
        params: idParams,
        body: { $ref: 'operatore-decisione#' },
        response: { 200: { $ref: 'operatore-esito#' }, ...errors },
      },
    },
    async (request) => {
      const outcome = await decideRequest(
        app.db,
        notice,
        actorOf(request),
        operatorOf(request),
        request.params.id,
        request.body as Decision,
      );
      return {
        id_acquisto: outcome.id_acquisto,
        stato: outcome.stato,
        versione: outcome.versione,
        attende_secondo_operatore: outcome.attende_secondo_operatore,
      };
    },
  );

  app.get(
    '/api/operatore/documenti/:id',
    {
      config: { route: 'operatore-richiesta' },
      schema: {
        summary: 'Documento di una richiesta, da vedere in linea',
        tags: TAG,
        params: idParams,
        response: {
          200: {
            description: 'Il file (PDF o immagine).',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const scope = operatorOf(request);
      const owner = await app.db
        .selectFrom('documents as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select(['d.user_id'])
        .where('d.id', '=', request.params.id)
        .where('d.purchase_id', 'is not', null)
        .where(inScope(scope, sql.ref('u.customer_id')))
        .executeTakeFirst();
      if (!owner) throw ApiError.of(404, 'apiNotFound');
      const file = await readDocument(app.db, app.files, owner.user_id, request.params.id);
      return reply
        .header('content-disposition', contentDisposition(file.fileName).replace(/^attachment/, 'inline'))
        .header('content-length', String(file.content.length))
        .type(file.mime)
        .send(file.content);
    },
  );

  app.get(
    '/api/operatore/pagamenti',
    {
      config: { route: 'operatore-pagamenti' },
      schema: {
        summary: 'Pagamenti: da pagare, conti e lotti',
        tags: TAG,
        response: { 200: { $ref: 'operatore-pagamenti#' }, ...errors },
      },
    },
    async (request) => payoutOverview(app.db, operatorOf(request)),
  );

  app.post(
    '/api/operatore/pagamenti',
    {
      config: { route: 'operatore-pagamenti' },
      schema: {
        summary: 'Nuovo lotto di bonifici',
        description:
          'Mette in un lotto i rimborsi approvati da pagare con bonifico, dal conto scelto, con la data di esecuzione ' +
          '(giorno lavorativo, da oggi). Solo per chi è abilitato ai pagamenti.',
        tags: TAG,
        body: {
          type: 'object',
          required: ['conto', 'data_esecuzione'],
          properties: {
            conto: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 },
            data_esecuzione: { type: 'string', maxLength: 10 },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: ['id', 'bonifici', 'totale', 'data_esecuzione'],
            properties: {
              id: { type: 'integer' },
              bonifici: { type: 'integer' },
              totale: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
              data_esecuzione: { type: 'string' },
            },
            additionalProperties: false,
          },
          ...errors,
        },
      },
    },
    async (request) => {
      if (!isIsoDay(request.body.data_esecuzione)) {
        throw new ApiError(400, { data_esecuzione: ['Data non valida.'] });
      }
      return createBatch(app.db, actorOf(request), operatorOf(request), request.body);
    },
  );

  app.get(
    '/api/operatore/pagamenti/:id',
    {
      config: { route: 'operatore-pagamenti' },
      schema: {
        summary: 'Un lotto di pagamento e le sue richieste',
        tags: TAG,
        params: idParams,
        response: { 200: { $ref: 'operatore-lotto#' }, ...errors },
      },
    },
    async (request) => batchDetail(app.db, operatorOf(request), request.params.id),
  );

  app.get(
    '/api/operatore/pagamenti/:id/sepa',
    {
      config: { route: 'operatore-pagamenti' },
      schema: {
        summary: 'File SEPA (pain.001.001.03) del lotto',
        tags: TAG,
        params: idParams,
        response: {
          200: {
            description: 'Il file XML per la banca.',
            content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await batchFile(app.db, actorOf(request), operatorOf(request), request.params.id);
      return reply
        .header('content-disposition', contentDisposition(file.fileName))
        .type('application/xml; charset=utf-8')
        .send(file.xml);
    },
  );

  const batchAction = (path: 'eseguito' | 'annulla', summary: string) =>
    app.post(
      `/api/operatore/pagamenti/:id/${path}`,
      {
        config: { route: 'operatore-pagamenti' },
        schema: {
          summary,
          tags: TAG,
          params: idParams,
          response: {
            200: {
              type: 'object',
              required: ['id', 'richieste'],
              properties: { id: { type: 'integer' }, richieste: { type: 'integer' } },
              additionalProperties: false,
            },
            ...errors,
          },
        },
      },
      async (request) => {
        if (path === 'annulla') {
          return cancelBatch(app.db, actorOf(request), operatorOf(request), request.params.id);
        }
        const done = await executeBatch(
          app.db,
          notice,
          actorOf(request),
          operatorOf(request),
          request.params.id,
        );
        return { id: done.id, richieste: done.pagate };
      },
    );
  batchAction('eseguito', 'Lotto eseguito dalla banca: le richieste risultano pagate');
  batchAction('annulla', 'Lotto annullato: le richieste tornano da pagare');

  await consoleOperationsRoutes(app, { operatorOf, actorOf });

  app.get(
    '/api/operatore/registro',
    {
      config: { route: 'operatore-registro' },
      schema: {
        summary: 'Registro delle operazioni degli operatori',
        description:
          'Dal più recente; filtri: operatore (parte dell’e-mail), azione, oggetto e suo id, dal/al (AAAA-MM-GG).',
        tags: TAG,
        querystring: {
          type: 'object',
          properties: {
            operatore: { type: 'string', maxLength: 320 },
            azione: { type: 'string', maxLength: 64 },
            oggetto: { type: 'string', maxLength: 64 },
            id_oggetto: { type: 'string', maxLength: 64 },
            dal: { type: 'string', format: 'date' },
            al: { type: 'string', format: 'date' },
            ...pagingQueryProperties(operatorPaging.audit),
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'operatore-registro#' }, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query, operatorPaging.audit),
  );
}
