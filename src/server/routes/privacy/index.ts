/**
 * Privacy consent (spec 000 §3, §4, §7): GET answers 404 until the user has consented (the portal
 * then shows the privacy modal); POST records the consents and the signature. The consent is to a
 * version of the conditions (config/content-pages `conditionsVersion`, issue 15): once a newer version
 * is published, GET answers 404 again, so the existing consent flow asks for it at the next visit.
 */
import { conditionsVersion } from '../../../../config/content-pages';
import { ApiError } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';

export default async function privacyRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/user_privacy',
    {
      config: { access: 'login' },
      schema: {
        summary: "Consensi privacy dell'utente",
        description:
          "404 se l'utente non ha ancora dato i consensi, o li ha dati a una versione delle condizioni " +
          'precedente a quella in vigore (va chiesto di nuovo).',
        tags: ['consensi'],
        response: { 200: { $ref: 'user-privacy#' }, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('user_privacy')
        .select([
          'privacy_servizio',
          'privacy_dati_personali',
          'decalogo_sicurezza',
          'signature',
          'conditions_version',
        ])
        .where('user_id', '=', requireAuth(request).userId)
        .executeTakeFirst();
      // Only given consents are stored (the POST body's schema wants both true), so a row without them
      // is no consent either.
      if (!row?.privacy_servizio || !row.decalogo_sicurezza) throw ApiError.of(404, 'apiNotFound');
      // Consent to an older version of the conditions is no consent to the current one.
      if (row.conditions_version !== conditionsVersion) throw ApiError.of(404, 'apiNotFound');
      const { conditions_version: _version, ...consent } = row;
      return { ...consent, privacy_servizio: true, decalogo_sicurezza: true } as const;
    },
  );

  app.post(
    '/api/user_privacy',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Registra i consensi privacy e la firma',
        tags: ['consensi'],
        body: { $ref: 'user-privacy#' },
        response: { 200: { $ref: 'user-privacy#' }, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).userId;
      const consent = { ...request.body, signature: request.body.signature.trim() };
      const stored = { ...consent, conditions_version: conditionsVersion };
      await app.db
        .insertInto('user_privacy')
        .values({ user_id: userId, ...stored })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...stored, updated_at: new Date() }))
        .execute();
      return consent;
    },
  );
}
