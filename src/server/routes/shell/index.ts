/** Calls of the portal shell (spec 000 §7): user info, menu permissions, notification counters, logout. */
import { formatMessage } from '../../messages';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { revokeSession } from '../../services/sessions';
import {
  loggedUserColumns,
  loggedUserInfo,
  menuPermissions,
  notificationStatus,
  type LoggedUserRow,
} from '../../services/users';

const authErrors = errorResponses(400, 401, 403, 429);

export default async function shellRoutes(app: WireApp): Promise<void> {
  app.get(
    '/api/get-logged-user-info',
    {
      // The whole answer is read by the session query: one round trip per call.
      config: { access: 'login', operatorToo: true, sessionExtra: loggedUserColumns },
      schema: {
        summary: "Dati dell'utente collegato",
        description:
          'Anagrafica, credito, azienda, profilo, soglia, stato Ollipay e informazioni di sessione.',
        tags: ['sessione'],
        response: { 200: { $ref: 'logged-user#' }, ...authErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return loggedUserInfo(auth, auth.extra as LoggedUserRow);
    },
  );

  app.get(
    '/api/get_menu_perms',
    {
      config: { access: 'login', operatorToo: true },
      schema: {
        summary: "Permessi di menu dell'utente",
        description:
          'Oggetto le cui chiavi sono i permessi (nomi di route e chiavi tree- delle sottosezioni).',
        tags: ['sessione'],
        response: { 200: { $ref: 'menu-perms#' }, ...authErrors },
      },
    },
    async (request) => {
      const perms = await menuPermissions(app.db, requireAuth(request).userId);
      return Object.fromEntries(perms.map((p) => [p, true]));
    },
  );

  app.get(
    '/api/info_notifiche',
    {
      config: { access: 'login' },
      schema: {
        summary: 'Contatori delle notifiche',
        tags: ['notifiche'],
        response: { 200: { $ref: 'notification-status#' }, ...authErrors },
      },
    },
    async (request) => notificationStatus(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'login', operatorToo: true },
      schema: {
        summary: 'Uscita: revoca il token di sessione',
        tags: ['sessione'],
        response: { 200: { $ref: 'detail#' }, ...authErrors },
      },
    },
    async (request) => {
      await revokeSession(app.db, requireAuth(request).sessionId);
      return { detail: formatMessage('apiLoggedOut') };
    },
  );
}
