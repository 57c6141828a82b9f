/**
 * OpenAPI 3.1 built from the route schemas, at GET /api/openapi.json, with Swagger UI at /api/docs.
 * Swagger UI only loads its own files (no inline script), so the global CSP applies unchanged.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isBackOfficeCall } from './access';

export interface OpenApiOptions {
  version: string;
  publicUrl: string | null;
}

type Schema = Record<string, unknown> & { security?: unknown; headers?: unknown };

export const openApiPlugin = fp<OpenApiOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Portale Welfare, API',
          description:
            'API del portale welfare aziendale. Errori: `{"detail": "..."}` oppure ' +
            '`{"<campo>": ["..."], "non_field_errors": ["..."]}`. Importi: stringhe con due decimali.',
          version: options.version,
        },
        servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
        components: {
          securitySchemes: {
            token: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'Token di sessione: `Authorization: Token <token>`.',
            },
          },
        },
      },
      refResolver: {
        // Shared schemas keep their $id as component name (#/components/schemas/crediti).
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
      transform: ({ schema, url, route }) => {
        const config = route.config ?? {};
        const transformed: Schema = { ...(schema as Schema) };
        if (!config.public && url.startsWith('/api/')) transformed.security = [{ token: [] }];
        if (url.startsWith('/api/')) {
          const headers: Record<string, unknown> = {
            customer: {
              type: 'string',
              pattern: '^[A-Za-z0-9_-]{1,64}$',
              description: 'Nome del cliente con iniziale maiuscola (Userportal per il cliente predefinito).',
            },
          };
          if (isBackOfficeCall(app.routeRules, route)) {
            headers['act-for'] = {
              type: 'string',
              pattern: '^[1-9][0-9]*$',
              description:
                "Id dell'azienda per conto della quale opera il referente (predefinita: la propria).",
            };
          }
          transformed.headers = { type: 'object', properties: headers };
        }
        return { schema: transformed as never, url };
      },
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { url: '/api/openapi.json', deepLinking: false },
      staticCSP: false,
    });

    app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
