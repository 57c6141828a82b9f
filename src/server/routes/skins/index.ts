/**
 * Server-served skins (spec 000 §1): only for customers without a built-in skin. Public. A customer
 * with no skin of its own (a provisioned one that was given none) gets the default skin under its own
 * name; an unknown customer is a 404.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Skin } from '../../../../config/skins';
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';

const DEFAULT_SKIN = fileURLToPath(new URL('../../../../skins/default/skin.json', import.meta.url));
let defaultSkin: Skin | undefined;

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
        .select(['slug', 'name', 'skin'])
        .where('slug', '=', request.params.customer.toLowerCase())
        .executeTakeFirst();
      if (!row) throw ApiError.of(404, 'apiSkinNotFound');
      if (row.skin) return row.skin;
      defaultSkin ??= JSON.parse(readFileSync(DEFAULT_SKIN, 'utf8')) as Skin;
      return { ...defaultSkin, customer: row.slug, display_name: row.name };
    },
  );
}
