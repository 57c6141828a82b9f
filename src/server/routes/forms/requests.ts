/**
 * Requests of the declarative forms (spec 001 §2-9, ARCHITECTURE.md §4, §5): one
 * `POST /api/crea_richiesta/{route_name}` per declared form, generated from the declarations (no
 * per-form code): its body schema is the form's payload schema (`$ref` form-<route>), its gating the
 * route's (checked before the body), its work services/form-requests.ts under the Idempotency-Key.
 * Then the purchase read back for replay and the pension information acceptance.
 */
import { declaredText } from '../../messages';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, loadApiSchemas, type WireApp } from '../../plugins/schemas';
import { sendIdempotent } from '../../services/idempotency';
import { purchaseFull, submitFormRequest, type RegisteredForm } from '../../services/form-requests';

export interface RequestRoutesOptions {
  forms: readonly RegisteredForm[];
}

export default async function requestRoutes(app: WireApp, options: RequestRoutesOptions): Promise<void> {
  for (const { declaration: form } of options.forms) {
    // Any declared form's payload (config/forms, or a test's extraForms): its schema is chosen at run time.
    app.post<{ Body: Record<string, unknown> }>(
      `/api/crea_richiesta/${form.route_name}`,
      {
        // The form's route gating, applied by the auth hook before the body is even read: a user who
        // may not use the form learns nothing about its payload.
        config: { route: form.route_name },
        schema: {
          summary: `Invia la richiesta «${declaredText(form.title)}»`,
          description:
            `Crea una richiesta di tipo ${form.kind} pagata dal credito \`${form.credit}\`: payload ` +
            `\`${form.schemaId}\`, poi le regole del modulo (${form.rules.join(', ') || 'nessuna'}), importo ` +
            'entro il credito, categoria del tipo, documenti propri e non ancora usati. Errori di campo: 400; ' +
            'permesso della route mancante: 403; credito esaurito nel frattempo o documento usato nel frattempo: ' +
            '409. Intestazione facoltativa `Idempotency-Key` (1-128 tra lettere, cifre, `-`, `_`): un nuovo ' +
            'invio con la stessa chiave risponde la prima risposta senza addebitare di nuovo (409 mentre la ' +
            'prima è in corso, 422 con un corpo diverso).',
          tags: ['richieste'],
          body: { $ref: `${form.schemaId}#` },
          response: {
            201: { $ref: 'id-acquisto#' },
            ...errorResponses(400, 401, 403, 409, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const { userId } = requireAuth(request);
        return sendIdempotent(request, reply, app.db, userId, (finish) =>
          submitFormRequest(app.db, { form, userId, data: request.body, finish }),
        );
      },
    );
  }

  // The answer's shape is its schema's: the replay map of the purchase's form says which payload field goes where.
  const fullSchema = loadApiSchemas().find((schema) => schema.$id === 'acquisto-full');
  if (!fullSchema) throw new Error('schemas/api: manca lo schema acquisto-full');
  app.get(
    '/api/get_acquisto_full/:id_acquisto',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Richiesta completa, per ripeterla',
        description:
          'Una richiesta dell’utente riletta nella forma con cui un modulo si ricompila (`id_acq_replay`): ' +
          'tipo, categoria, importo, note, fornitore, beneficiario e relazione, scritti dal payload seguendo la ' +
          'mappa di ripetizione (`replay`) del modulo con cui è stata inviata (una richiesta che non lo indica: ' +
          'il modulo del suo tipo). Di un altro utente o inesistente: 404.',
        tags: ['richieste'],
        params: {
          type: 'object',
          required: ['id_acquisto'],
          properties: { id_acquisto: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'acquisto-full#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      purchaseFull(
        app.db,
        options.forms,
        fullSchema,
        requireAuth(request).userId,
        request.params.id_acquisto,
      ),
  );

  app.post(
    '/api/previdenza_info_accept',
    {
      config: { route: 'conv-previdenza-integrativa' },
      schema: {
        summary: 'Accetta l’informativa sulla previdenza integrativa',
        description:
          'Registra che l’utente ha accettato l’informativa (`user_anag.previdenza_is_ok`); serve prima di una ' +
          'richiesta di previdenza integrativa.',
        tags: ['richieste'],
        body: { $ref: 'previdenza-info#' },
        response: { 200: { $ref: 'previdenza-info#' }, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      await app.db
        .updateTable('users')
        .set({ previdenza_is_ok: true })
        .where('id', '=', requireAuth(request).userId)
        .execute();
      return { previdenza_is_ok: true } as const;
    },
  );
}
