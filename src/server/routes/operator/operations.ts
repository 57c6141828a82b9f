/**
 * The console's pages for what was terminal-only before (issue 26): the bulk imports awaiting the
 * provider's decision (accept: the import runs on the job queue; reject with a note: nothing written),
 * the confirmed Piattapasto orders to send to the meal-voucher suppliers now, and the conventions
 * suppliers' API keys (a new key is shown once). Registered inside the operator plugin (its hooks, its
 * fail-closed access), each action audited in its transaction, within the operator's customers.
 */
import { sql } from 'kysely';
import { formatCents } from '../../../shared/money';
import type { WireApp } from '../../plugins/schemas';
import { CONSOLE_TAG, consoleErrors, idParams } from './shared';
import { ApiError } from '../../errors';
import { decideImport, IMPORT_APPLY_QUEUE } from '../../services/imports';
import { recordAudit, type Actor } from '../../services/operator-audit';
import { inScope, type OperatorScope } from '../../services/operators';
import { ORDER_QUEUE, pendingOrders } from '../../services/piattapasto';
import { issueSupplierKey } from '../../services/sellers';
import { loadVoucherCodes, stockReport, VoucherStockError } from '../../services/voucher-stock';

export interface ConsoleContext {
  operatorOf(request: { operator: OperatorScope | null }): OperatorScope;
  actorOf(request: { operator: OperatorScope | null; ip: string }): Actor;
}

const errors = consoleErrors;
const TAG = CONSOLE_TAG;
const DECIDABLE = ['VALIDATION_COMPLETED', 'VALIDATION_COMPLETED_WITH_WARNINGS'] as const;

const importRow = {
  type: 'object',
  required: [
    'id',
    'azienda',
    'cliente',
    'stato',
    'file',
    'righe',
    'righe_con_avvisi',
    'note',
    'creata_il',
    'da_decidere',
  ],
  properties: {
    id: { type: 'integer' },
    azienda: { type: 'string' },
    cliente: { type: 'string' },
    stato: { type: 'string' },
    file: { type: 'string' },
    righe: { type: ['integer', 'null'] },
    righe_con_avvisi: { type: ['integer', 'null'] },
    note: { type: 'string' },
    creata_il: { type: 'string', format: 'date-time' },
    da_decidere: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export async function consoleOperationsRoutes(app: WireApp, context: ConsoleContext): Promise<void> {
  app.get(
    '/api/operatore/importazioni',
    {
      config: { route: 'operatore-importazioni' },
      schema: {
        summary: 'Importazioni massive dei referenti',
        description:
          'Le importazioni delle aziende dei clienti serviti, quelle da decidere prima, poi le più recenti (200).',
        tags: TAG,
        response: { 200: { type: 'array', items: importRow }, ...errors },
      },
    },
    async (request) => {
      const scope = context.operatorOf(request);
      const rows = await app.db
        .selectFrom('import_jobs as j')
        .innerJoin('companies as c', 'c.id_azienda', 'j.company_id')
        .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
        .select([
          'j.id',
          'c.nome',
          'cu.name as cliente',
          'j.status',
          'j.input_filename',
          'j.rows_total',
          'j.rows_with_warnings',
          'j.note',
          'j.created_at',
        ])
        .where(inScope(scope, sql.ref('c.customer_id')))
        .orderBy(sql`j.status IN ('VALIDATION_COMPLETED', 'VALIDATION_COMPLETED_WITH_WARNINGS')`, 'desc')
        .orderBy('j.id', 'desc')
        .limit(200)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        azienda: r.nome,
        cliente: r.cliente,
        stato: r.status,
        file: r.input_filename,
        righe: r.rows_total,
        righe_con_avvisi: r.rows_with_warnings,
        note: r.note,
        creata_il: r.created_at.toISOString(),
        da_decidere: (DECIDABLE as readonly string[]).includes(r.status),
      }));
    },
  );

  const decide = (path: 'accetta' | 'rifiuta') =>
    app.post(
      `/api/operatore/importazioni/:id/${path}`,
      {
        config: { route: 'operatore-importazioni' },
        schema: {
          summary:
            path === 'accetta'
              ? 'Accetta un’importazione validata: viene eseguita'
              : 'Rifiuta un’importazione validata',
          tags: TAG,
          params: idParams,
          body: {
            type: 'object',
            properties: { motivo: { type: 'string', maxLength: 1000 } },
            additionalProperties: false,
          },
          response: {
            200: {
              type: 'object',
              required: ['id', 'stato'],
              properties: { id: { type: 'integer' }, stato: { type: 'string' } },
              additionalProperties: false,
            },
            ...errors,
          },
        },
      },
      async (request) => {
        const scope = context.operatorOf(request);
        const id = request.params.id;
        const job = await app.db
          .selectFrom('import_jobs as j')
          .innerJoin('companies as c', 'c.id_azienda', 'j.company_id')
          .select(['j.status'])
          .where('j.id', '=', id)
          .where(inScope(scope, sql.ref('c.customer_id')))
          .executeTakeFirst();
        if (!job) throw ApiError.of(404, 'apiNotFound');
        const motivo = (request.body as { motivo?: string } | undefined)?.motivo?.trim() || undefined;
        const status = path === 'accetta' ? 'ACCEPTED_BY_BACKOFFICE' : 'REJECTED_BY_BACKOFFICE';
        await app.db.transaction().execute(async (trx) => {
          if (!(await decideImport(trx, id, status, motivo))) {
            throw ApiError.of(409, 'apiImportNotDecidable', { id: String(id), stato: job.status });
          }
          await recordAudit(trx, context.actorOf(request), {
            action: path === 'accetta' ? 'importazione_accettata' : 'importazione_rifiutata',
            objectType: 'importazione',
            objectId: id,
            changes: { stato: [job.status, status], ...(motivo ? { motivo } : {}) },
          });
        });
        // The import runs on the job queue (its worker lives with the back office's).
        if (path === 'accetta') await app.jobs.send(IMPORT_APPLY_QUEUE, { id });
        return { id, stato: status };
      },
    );
  decide('accetta');
  decide('rifiuta');

  app.get(
    '/api/operatore/piattapasto',
    {
      config: { route: 'operatore-piattapasto' },
      schema: {
        summary: 'Ordini Piattapasto',
        description:
          'Gli ordini di buoni pasto delle aziende servite: quelli confermati da inviare prima, poi i più recenti (100).',
        tags: TAG,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: [
                'id',
                'azienda',
                'fornitore',
                'stato',
                'valore_buono',
                'creato_il',
                'errore',
                'da_inviare',
              ],
              properties: {
                id: { type: 'integer' },
                azienda: { type: 'string' },
                fornitore: { type: 'string' },
                stato: { type: 'string' },
                valore_buono: { type: 'string' },
                creato_il: { type: 'string', format: 'date-time' },
                errore: { type: ['string', 'null'] },
                da_inviare: { type: 'boolean' },
              },
              additionalProperties: false,
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const scope = context.operatorOf(request);
      const rows = await app.db
        .selectFrom('piattapasto_orders as o')
        .innerJoin('companies as c', 'c.id_azienda', 'o.company_id')
        .select(['o.id', 'c.nome', 'o.fornitore', 'o.status', 'o.valore_buono', 'o.created', 'o.forn_error'])
        .where(inScope(scope, sql.ref('c.customer_id')))
        .orderBy(sql`o.status IN ('VALID', 'STARTED')`, 'desc')
        .orderBy('o.id', 'desc')
        .limit(100)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        azienda: r.nome,
        fornitore: r.fornitore,
        stato: r.status,
        valore_buono: formatCents(r.valore_buono),
        creato_il: r.created.toISOString(),
        errore: r.forn_error,
        da_inviare: r.status === 'VALID' || r.status === 'STARTED',
      }));
    },
  );

  app.post(
    '/api/operatore/piattapasto/invio',
    {
      config: { route: 'operatore-piattapasto' },
      schema: {
        summary: 'Invia ora gli ordini Piattapasto confermati',
        description: 'Mette in coda l’invio al fornitore di ogni ordine confermato delle aziende servite.',
        tags: TAG,
        response: {
          200: {
            type: 'object',
            required: ['ordini'],
            properties: { ordini: { type: 'array', items: { type: 'integer' } } },
            additionalProperties: false,
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const scope = context.operatorOf(request);
      const pending = await pendingOrders(app.db);
      const mine =
        pending.length === 0
          ? []
          : (
              await app.db
                .selectFrom('piattapasto_orders as o')
                .innerJoin('companies as c', 'c.id_azienda', 'o.company_id')
                .select('o.id')
                .where('o.id', 'in', pending)
                .where(inScope(scope, sql.ref('c.customer_id')))
                .orderBy('o.id')
                .execute()
            ).map((r) => r.id);
      await recordAudit(app.db, context.actorOf(request), {
        action: 'piattapasto_invio',
        objectType: 'piattapasto',
        objectId: mine.length > 0 ? mine.join(',').slice(0, 64) : 'nessuno',
        changes: { ordini: mine },
      });
      for (const orderId of mine) await app.jobs.send(ORDER_QUEUE, { orderId });
      return { ordini: mine };
    },
  );

  app.get(
    '/api/operatore/fornitori',
    {
      config: { route: 'operatore-fornitori' },
      schema: {
        summary: 'Fornitori convenzionati e le loro chiavi API',
        tags: TAG,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'nome', 'comune', 'provincia', 'ha_chiave'],
              properties: {
                id: { type: 'integer' },
                nome: { type: 'string' },
                comune: { type: 'string' },
                provincia: { type: ['string', 'null'] },
                ha_chiave: { type: 'boolean' },
              },
              additionalProperties: false,
            },
          },
          ...errors,
        },
      },
    },
    async () => {
      const rows = await app.db
        .selectFrom('conv_suppliers')
        .select(['id', 'nome', 'cognome', 'comune', 'provincia', 'api_key_hash'])
        .orderBy('nome')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        nome: `${r.nome} ${r.cognome}`.trim(),
        comune: r.comune,
        provincia: r.provincia,
        ha_chiave: r.api_key_hash !== null,
      }));
    },
  );

  app.post(
    '/api/operatore/fornitori/:id/chiave',
    {
      config: { route: 'operatore-fornitori' },
      schema: {
        summary: 'Nuova chiave API di un fornitore (mostrata una volta sola)',
        description:
          'La chiave (intestazione X-Fornitore-Key di riscatta_voucher) sostituisce la precedente; il portale ne conserva ' +
          'solo l’impronta SHA-256. Solo per gli operatori di tutti i clienti.',
        tags: TAG,
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['id', 'chiave'],
            properties: { id: { type: 'integer' }, chiave: { type: 'string' } },
            additionalProperties: false,
          },
          ...errors,
        },
      },
    },
    async (request) => {
      if (context.operatorOf(request).customerIds !== null) throw ApiError.of(403, 'apiForbidden');
      const id = request.params.id;
      const key = await app.db.transaction().execute(async (trx) => {
        const issued = await issueSupplierKey(trx, id);
        await recordAudit(trx, context.actorOf(request), {
          action: 'chiave_fornitore',
          objectType: 'fornitore',
          objectId: id,
          changes: { chiave: 'nuova (la precedente non vale più)' },
        });
        return issued;
      });
      return { id, chiave: key };
    },
  );

  app.get(
    '/api/operatore/codici-buoni',
    {
      config: { route: 'operatore-codici' },
      schema: {
        summary: 'Scorte dei codici dei fornitori',
        description:
          'Ogni scorta (acquisto e prodotto) con i codici liberi, consegnati e scaduti, anche quelle vuote.',
        tags: TAG,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: [
                'acquisto',
                'prodotto',
                'titolo',
                'liberi',
                'consegnati',
                'scaduti',
                'prossima_scadenza',
                'livello',
                'bassa',
              ],
              properties: {
                acquisto: { type: 'string' },
                prodotto: { type: 'string' },
                titolo: { type: 'string' },
                liberi: { type: 'integer' },
                consegnati: { type: 'integer' },
                scaduti: { type: 'integer' },
                prossima_scadenza: { type: ['string', 'null'] },
                livello: { type: 'integer' },
                bassa: { type: 'boolean' },
              },
              additionalProperties: false,
            },
          },
          ...errors,
        },
      },
    },
    async () =>
      (await stockReport(app.db)).map((l) => ({
        acquisto: l.acquisto,
        prodotto: l.prodotto,
        titolo: l.title,
        liberi: l.free,
        consegnati: l.taken,
        scaduti: l.expired,
        prossima_scadenza: l.nextExpiry,
        livello: l.level,
        bassa: l.low,
      })),
  );

  app.post(
    '/api/operatore/codici-buoni',
    {
      config: { route: 'operatore-codici' },
      schema: {
        summary: 'Carica un file CSV di codici dei fornitori',
        description:
          'Colonne `acquisto,prodotto,codice,scadenza` (virgola o punto e virgola): caricato tutto o rifiutato con ogni ' +
          'riga sbagliata (400 `righe`), nulla scritto. Solo per gli operatori di tutti i clienti.',
        tags: TAG,
        body: {
          type: 'object',
          required: ['nome_file', 'contenuto'],
          properties: {
            nome_file: { type: 'string', minLength: 1, maxLength: 200 },
            contenuto: { type: 'string', minLength: 1, maxLength: 8_000_000 },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            required: ['caricati'],
            properties: { caricati: { type: 'integer' } },
            additionalProperties: false,
          },
          ...errors,
        },
      },
    },
    async (request) => {
      if (context.operatorOf(request).customerIds !== null) throw ApiError.of(403, 'apiForbidden');
      const { nome_file: fileName, contenuto } = request.body;
      try {
        const result = await loadVoucherCodes(app.db, contenuto, fileName, {
          beforeCommit: (trx, loaded) =>
            recordAudit(trx, context.actorOf(request), {
              action: 'codici_caricati',
              objectType: 'scorta',
              objectId: fileName.slice(0, 64),
              changes: { codici: loaded },
            }),
        });
        return { caricati: result.loaded };
      } catch (error) {
        if (!(error instanceof VoucherStockError)) throw error;
        throw new ApiError(400, {
          righe: error.problems
            .slice(0, 200)
            .map((p) => (p.line ? `riga ${p.line}: ${p.message}` : p.message)),
        });
      }
    },
  );
}
