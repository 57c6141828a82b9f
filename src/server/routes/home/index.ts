/**
 * Calls of the employee home (spec 000 §2, §7): the info popup, the carousel playlist, its images and
 * its click counter. Carousel actions are the declared types of config/carousel-actions.ts, handed
 * out signed and checked when a click comes back (services/carousel.ts).
 */
import { carouselActionNames } from '../../../../config/carousel-actions';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import {
  CAROUSEL_FILE_NAME,
  carouselImages,
  checkCarouselAction,
  findSlide,
  playlist,
  recordClick,
  type CarouselAction,
} from '../../services/carousel';
import { infoPopupContent } from '../../services/info-popup';

const authErrors = errorResponses(400, 401, 403, 429);

/** An SVG opened on its own runs nothing and loads nothing; its inline styles are allowed. */
export const CAROUSEL_IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/** Image URLs carry their content hash (`?v=`): a new image is a new URL. */
export const CAROUSEL_IMAGE_CACHE = 'public, max-age=31536000, immutable';

export default async function homeRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/info_popup',
    {
      config: { route: 'menu' },
      schema: {
        summary: 'Popup informativo della home',
        description:
          'Il contenuto HTML del popup del cliente dell’utente, così come scritto dagli operatori (il portale lo ' +
          'sanifica prima di mostrarlo), oppure una stringa vuota se il cliente non ne ha. Il portale lo mostra una ' +
          'volta per sessione, quando `session_infos.show_user_info_popup` è vero.',
        tags: ['home'],
        response: { 200: { $ref: 'info-popup#' }, ...authErrors },
      },
    },
    async (request) => ({
      popup_content: await infoPopupContent(app.db, requireAuth(request).customerId),
    }),
  );

  app.get(
    '/api/carosello_get_playlist',
    {
      config: { route: 'menu' },
      schema: {
        summary: 'Slide del carosello della home',
        description:
          'Le slide attive del cliente dell’utente, in ordine. `click_action` è l’azione dichiarata della slide ' +
          `(tipi: ${carouselActionNames.join(', ')}; config/carousel-actions.ts), firmata dal server e valida 12 ore: ` +
          'va rimandata così com’è a carosello_click_count, che la verifica e risponde l’azione da eseguire.',
        tags: ['home'],
        response: {
          200: { description: 'Le slide, in ordine.', type: 'array', items: { $ref: 'carousel-slide#' } },
          ...authErrors,
        },
      },
    },
    async (request) => playlist(app.db, requireAuth(request).customerId, app.config.ticketSecret),
  );

  app.get(
    '/api/carosello_img/:file_name',
    {
      config: { public: true, cacheable: true },
      schema: {
        summary: 'Immagine di una slide del carosello',
        description:
          'Immagine SVG del carosello (pubblica: un tag img non invia il token). Cache di un anno: `img_path` porta ' +
          'l’impronta del contenuto (`v`). Servita con una Content-Security-Policy propria che non permette script.',
        tags: ['home'],
        params: {
          type: 'object',
          required: ['file_name'],
          properties: { file_name: { type: 'string', pattern: CAROUSEL_FILE_NAME.source } },
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          properties: { v: { type: 'string', pattern: '^[a-f0-9]{1,64}$' } },
          additionalProperties: false,
        },
        produces: ['image/svg+xml'],
        response: {
          200: { description: 'Immagine SVG.', type: 'string' },
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const image = carouselImages().get(request.params.file_name);
      if (!image) throw ApiError.of(404, 'apiCarouselImageNotFound');
      return reply
        .header('content-security-policy', CAROUSEL_IMAGE_CSP)
        .header('cache-control', CAROUSEL_IMAGE_CACHE)
        .header('etag', `"${image.version}"`)
        .type('image/svg+xml')
        .send(image.body);
    },
  );

  app.post(
    '/api/carosello_click_count',
    {
      config: { route: 'menu' },
      schema: {
        summary: 'Conteggio di un clic su una slide del carosello',
        description:
          'Registra il clic dell’utente sulla slide (utente, slide, istante). Con `click_action` (il token della ' +
          'playlist) risponde l’azione verificata `{type, target}`; senza, `{"action": null}`. Un token alterato, ' +
          'scaduto, di un’altra slide o di un tipo non dichiarato: 400, e il clic non è contato. Slide inesistente ' +
          'o di un altro cliente: 404.',
        tags: ['home'],
        body: {
          type: 'object',
          required: ['slide_id'],
          properties: {
            slide_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            click_action: { type: ['string', 'null'], maxLength: 1024 },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'carousel-click#' }, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { slide_id: slideId, click_action: token } = request.body;
      const slide = await findSlide(app.db, slideId, auth.customerId);
      if (!slide) throw ApiError.of(404, 'apiCarouselSlideNotFound');
      let action: CarouselAction | null = null;
      if (token !== undefined && token !== null) {
        const check = checkCarouselAction(token, slide.id, app.config.ticketSecret);
        if (!check.ok) {
          // Who, which slide and why; never the token or the key.
          request.log.warn(
            { userId: auth.userId, slideId: slide.id, reason: check.reason },
            'azione del carosello rifiutata',
          );
          throw ApiError.of(400, 'apiCarouselActionInvalid');
        }
        action = check.action;
      }
      await recordClick(app.db, { slideId: slide.id, userId: auth.userId, withAction: action !== null });
      return { action };
    },
  );
}
