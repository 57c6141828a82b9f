/**
 * Reference data of the request forms (spec 001 §3, §5, §7, §9): categories per form kind, kinship
 * relations, the user's own beneficiaries and IBANs by prefix, suppliers by VAT number prefix, pension
 * funds by text. Searches start at 2 characters and answer at most 10 rows.
 */
import { formatMessage } from '../../messages';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { categoriesOf } from '../../services/form-requests';
import { normalizeIban } from '../../../shared/validators/iban';

/** Search results (001 §9): at most 10, from 2 typed characters. */
export const SEARCH_LIMIT = 10;
export const SEARCH_MIN_CHARS = 2;

const limitQuery = {
  type: 'integer',
  minimum: 1,
  maximum: SEARCH_LIMIT,
  default: SEARCH_LIMIT,
  description: `Quanti risultati al massimo (1-${SEARCH_LIMIT}, predefinito ${SEARCH_LIMIT}).`,
} as const;

const searchErrors = errorResponses(400, 401, 403, 429);

/** `%`, `_` and `\` are literal in a LIKE pattern once escaped (PostgreSQL's default escape is `\`). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ReferenceRoutesOptions {
  /** Category sets the forms name (config/forms and extra declarations): the sets categorie/{kind} knows. */
  sets: readonly number[];
}

export default async function referenceRoutes(app: WireApp, options: ReferenceRoutesOptions): Promise<void> {
  const sets = [...new Set(options.sets)].sort((a, b) => a - b);

  app.get(
    '/api/categorie/:kind',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Categorie di acquisto di un insieme',
        description:
          `Le categorie (\`id\` = \`id_categ\` dei payload, \`nome\`, \`me_stesso\`) dell’insieme \`kind\` ` +
          `che un modulo dichiara (\`categories.set\`: ${sets.join(', ')}; numerati come il tipo di richiesta ` +
          'che per primo li ha usati, ma distinti dal tipo di movimento). `me_stesso` true: il beneficiario ' +
          'può essere solo l’utente. Insieme sconosciuto: 400.',
        tags: ['richieste'],
        params: {
          type: 'object',
          required: ['kind'],
          properties: {
            kind: { type: 'integer', minimum: 1, maximum: 14, description: 'L’insieme di categorie.' },
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'categoria#' } }, ...searchErrors },
      },
    },
    async (request) => {
      const { kind } = request.params;
      if (!sets.includes(kind)) {
        throw new ApiError(400, { kind: [formatMessage('apiFormKindInvalid', { kind })] });
      }
      return categoriesOf(app.db, kind);
    },
  );

  app.get(
    '/api/relazioni_parentali',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Relazioni di parentela',
        description:
          'Tutte le relazioni di parentela (`id`, `nome`); il portale propone solo 2 (coniuge), 3 (figli), ' +
          '4 (genitori) e 8 (unione civile), le sole ammesse per un beneficiario.',
        tags: ['richieste'],
        response: { 200: { type: 'array', items: { $ref: 'relazione-parentale#' } }, ...searchErrors },
      },
    },
    async () => app.db.selectFrom('kinship_relations').select(['id', 'nome']).orderBy('id').execute(),
  );

  app.get(
    '/api/beneficiari/:prefix',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Beneficiari già indicati, per codice fiscale',
        description:
          'I familiari che l’utente ha già indicato nelle sue richieste il cui codice fiscale inizia con ' +
          `\`prefix\` (senza distinzione di maiuscole, almeno ${SEARCH_MIN_CHARS} caratteri), per codice ` +
          `fiscale, al massimo ${SEARCH_LIMIT}. Solo i propri.`,
        tags: ['richieste'],
        params: {
          type: 'object',
          required: ['prefix'],
          properties: {
            prefix: { type: 'string', minLength: SEARCH_MIN_CHARS, maxLength: 16, pattern: '^[A-Za-z0-9]+$' },
          },
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          properties: { limit: limitQuery },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'beneficiario-suggerito#' } }, ...searchErrors },
      },
    },
    async (request) =>
      app.db
        .selectFrom('user_beneficiaries')
        .select(['cod_fisc', 'nome', 'id_relazione'])
        .where('user_id', '=', requireAuth(request).userId)
        .where('cod_fisc', 'like', `${request.params.prefix.toUpperCase()}%`)
        .orderBy('cod_fisc')
        .limit(request.query.limit)
        .execute(),
  );

  app.get(
    '/api/fornitori',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Fornitori per partita IVA',
        description:
          `I fornitori la cui partita IVA inizia con \`p_iva\` (almeno ${SEARCH_MIN_CHARS} cifre), al massimo ` +
          '`limit`. Più fornitori possono avere la stessa partita IVA (sedi diverse): il portale allora ' +
          'risponde «Impossibile trovare il fornitore.».',
        tags: ['richieste'],
        querystring: {
          type: 'object',
          required: ['p_iva'],
          properties: {
            p_iva: { type: 'string', minLength: SEARCH_MIN_CHARS, maxLength: 11, pattern: '^[0-9]+$' },
            limit: limitQuery,
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'fornitore#' } }, ...searchErrors },
      },
    },
    async (request) =>
      app.db
        .selectFrom('suppliers')
        .select(['id', 'p_iva', 'ragione_sociale', 'indirizzo', 'citta', 'iban'])
        .where('p_iva', 'like', `${request.query.p_iva}%`)
        .orderBy('p_iva')
        .orderBy('ragione_sociale')
        .limit(request.query.limit)
        .execute(),
  );

  app.get(
    '/api/fondi_previdenza',
    {
      config: { route: 'conv-previdenza-integrativa' },
      schema: {
        summary: 'Fondi di previdenza complementare',
        description:
          `I fondi il cui numero COVIP inizia con \`term\` o il cui nome o istituto lo contiene (senza ` +
          `distinzione di maiuscole, almeno ${SEARCH_MIN_CHARS} caratteri; un numero COVIP esatto è il primo), ` +
          'al massimo `limit`.',
        tags: ['richieste'],
        querystring: {
          type: 'object',
          required: ['term'],
          properties: {
            term: {
              type: 'string',
              minLength: SEARCH_MIN_CHARS,
              maxLength: 100,
              pattern: '^[^\\u0000]*\\S[^\\u0000]*$',
            },
            limit: limitQuery,
          },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'fondo-previdenza#' } }, ...searchErrors },
      },
    },
    async (request) => {
      const term = request.query.term.trim();
      if (term.length < SEARCH_MIN_CHARS) {
        throw new ApiError(400, {
          term: [formatMessage('apiValidationTooShort', { limit: SEARCH_MIN_CHARS })],
        });
      }
      const contains = `%${likeLiteral(term)}%`;
      return app.db
        .selectFrom('pension_funds')
        .select(['covip', 'nome', 'istituto'])
        .where((eb) =>
          eb.or([
            eb('covip', 'ilike', `${likeLiteral(term)}%`),
            eb('nome', 'ilike', contains),
            eb('istituto', 'ilike', contains),
          ]),
        )
        .orderBy((eb) => eb.case().when('covip', '=', term).then(0).else(1).end())
        .orderBy('nome')
        .limit(request.query.limit)
        .execute();
    },
  );

  app.get(
    '/api/iban_utente/:prefix',
    {
      config: { access: 'login' },
      schema: {
        summary: 'IBAN già indicati dall’utente',
        description:
          'Gli IBAN che l’utente ha già indicato nelle sue richieste e che iniziano con `prefix` (spazi e ' +
          `segni tolti, maiuscole; almeno ${SEARCH_MIN_CHARS} caratteri), al massimo \`limit\`. Solo i propri.`,
        tags: ['richieste'],
        params: {
          type: 'object',
          required: ['prefix'],
          properties: { prefix: { type: 'string', minLength: SEARCH_MIN_CHARS, maxLength: 64 } },
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          properties: { limit: limitQuery },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: { $ref: 'iban-utente#' } }, ...searchErrors },
      },
    },
    async (request) => {
      const prefix = normalizeIban(request.params.prefix);
      if (prefix.length < SEARCH_MIN_CHARS) {
        throw new ApiError(400, {
          prefix: [formatMessage('apiValidationTooShort', { limit: SEARCH_MIN_CHARS })],
        });
      }
      return app.db
        .selectFrom('user_ibans')
        .select('iban')
        .where('user_id', '=', requireAuth(request).userId)
        .where('iban', 'like', `${prefix.slice(0, 34)}%`)
        .orderBy('iban')
        .limit(request.query.limit)
        .execute();
    },
  );
}
