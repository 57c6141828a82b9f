/**
 * Static links of the forms (spec 001 §2, §7): tutorial videos in groups named by a form's route name
 * (the tutorial banner), documentation links per site-documentazione group, and one documentation
 * link by its slug (the pension information, informativa_previdenza_integrativa); and the store pages of
 * the app voucher pages' apps. All of it is installation content (`npm run admin -- content`): with
 * none loaded the lists are empty and the portal shows no link.
 */
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';

const SLUG = '^[a-z0-9_-]{1,64}$';
const LINK_COLUMNS = ['id', 'slug_name', 'url', 'descrizione', 'nome'] as const;

export default async function linkRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/static_links/tutorial',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Video tutorial dei moduli',
        description:
          'I gruppi di video tutorial (`slug_name` = nome della route del modulo che li mostra), ciascuno con i ' +
          'suoi collegamenti in ordine.',
        tags: ['richieste'],
        response: {
          200: { type: 'array', items: { $ref: 'gruppo-link-statici#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async () => {
      const groups = await app.db
        .selectFrom('static_link_groups')
        .select(['slug_name', 'nome'])
        .where('type', '=', 'tutorial')
        .orderBy('position')
        .orderBy('slug_name')
        .execute();
      const links = await app.db
        .selectFrom('static_links')
        .select(['group_slug', ...LINK_COLUMNS])
        .where('type', '=', 'tutorial')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return groups.map((group) => ({
        slug_name: group.slug_name,
        nome: group.nome,
        links: links
          .filter((link) => link.group_slug === group.slug_name)
          .map(({ group_slug: _group, ...link }) => link),
      }));
    },
  );

  app.get(
    '/api/static_links/documentazione',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Documentazione',
        description:
          'I collegamenti di documentazione del gruppo `group` (rimb-spese, rimb-bollette, rimb-aff-mutui, ' +
          'conv-previdenza-integrativa, fringe-app), in ordine; senza `group` tutti; un gruppo senza ' +
          'collegamenti: elenco vuoto.',
        tags: ['richieste'],
        querystring: {
          type: 'object',
          properties: { group: { type: 'string', pattern: SLUG } },
          additionalProperties: false,
        },
        response: {
          200: { type: 'array', items: { $ref: 'link-statico#' } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      let query = app.db
        .selectFrom('static_links')
        .select([...LINK_COLUMNS])
        .where('type', '=', 'documentazione');
      if (request.query.group !== undefined) query = query.where('group_slug', '=', request.query.group);
      return query.orderBy('group_slug').orderBy('position').orderBy('id').execute();
    },
  );

  app.get(
    '/api/static_links/app',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Collegamenti alle app dei buoni',
        description:
          'Le pagine negli store (App Store, Google Play) dell’app di ogni pagina dei buoni in app ' +
          '(`route_name`: conv-toduba, conv-appaga, conv-ollipay), come le ha impostate l’installazione; ' +
          'una pagina assente o uno store null: nessun collegamento.',
        tags: ['richieste'],
        response: {
          200: { type: 'array', items: { $ref: 'link-app#' } },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async () =>
      app.db.selectFrom('app_links').select(['route_name', 'ios', 'android']).orderBy('route_name').execute(),
  );

  app.get(
    '/api/static_links/documentazione/:slug',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Un documento per nome',
        description:
          'L’indirizzo del collegamento di documentazione `slug` (per esempio ' +
          '`informativa_previdenza_integrativa`); sconosciuto: 404.',
        tags: ['richieste'],
        params: {
          type: 'object',
          required: ['slug'],
          properties: { slug: { type: 'string', pattern: SLUG } },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'link-statico-url#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const link = await app.db
        .selectFrom('static_links')
        .select('url')
        .where('type', '=', 'documentazione')
        .where('slug_name', '=', request.params.slug)
        .executeTakeFirst();
      if (!link) throw ApiError.of(404, 'apiStaticLinkNotFound');
      return link;
    },
  );
}
