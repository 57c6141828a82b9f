/**
 * Server-served skins (spec 000 §1): only for customers without a built-in skin (the portal loads a
 * built-in one itself: 404 here). Public. A customer with neither a built-in skin nor one of its own (a
 * provisioned one that was given none) gets the default skin under its own name; an unknown customer
 * is a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { skinFolderOf, type Skin } from '../../../../config/skins';
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';

const SKINS_DIR = fileURLToPath(new URL('../../../../skins/', import.meta.url));
const DEFAULT_SKIN = `${SKINS_DIR}default/skin.json`;

/** Whether the portal has a built-in skin for the customer (skins/<folder>/index.ts). */
const hasBuiltInSkin = (customer: string) =>
  existsSync(`${SKINS_DIR}${skinFolderOf[customer] ?? customer}/index.ts`);
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
      if (hasBuiltInSkin(row.slug)) throw ApiError.of(404, 'apiSkinNotFound');
      defaultSkin ??= JSON.parse(readFileSync(DEFAULT_SKIN, 'utf8')) as Skin;
      return { ...defaultSkin, customer: row.slug, display_name: row.name };
    },
  );
}
