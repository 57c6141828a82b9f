/** Server-served skins (spec 000 §1): only for customers without a built-in skin. Public. */
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';

export default async function skinRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/getapiuserskin/:customer',
    {
      config: { public: true },
      schema: {
        summary: 'Personalizzazione di un cliente senza skin incorporata',
        tags: ['skin'],
        params: {
          type: 'object',
          required: ['customer'],
          properties: { customer: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'skin#' }, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('customers')
        .select('skin')
        .where('slug', '=', request.params.customer.toLowerCase())
        .executeTakeFirst();
      if (!row?.skin) throw ApiError.of(404, 'apiSkinNotFound');
      return row.skin;
    },
  );
}
