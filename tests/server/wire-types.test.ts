import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildValidator,
  errorResponses,
  schemasPlugin,
  type ReplyType,
  type SchemaType,
  type WireTypeProvider,
} from '../../src/server/plugins/schemas';
import type { Categoria, LineaCredito, UserPrivacy } from '../../schemas/wire-types.gen';

/**
 * The wire's types reach handlers through WireTypeProvider (ARCHITECTURE.md §5): the `expectTypeOf`
 * and `@ts-expect-error` lines are checked by `tsc` (npm run typecheck), the requests by Fastify. No
 * database: a bare app with the schemas registered as buildApp registers them.
 */
async function bareApp() {
  const app = Fastify({
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
  }).withTypeProvider<WireTypeProvider>();
  await app.register(schemasPlugin);
  return app;
}

describe('wire types in route handlers', () => {
  it('resolve a $ref to the generated type, an array of them, and an inline schema', () => {
    expectTypeOf<SchemaType<{ $ref: 'categoria#' }>>().toEqualTypeOf<Categoria>();
    expectTypeOf<SchemaType<{ type: 'array'; items: { $ref: 'linea-credito#' } }>>().toEqualTypeOf<
      LineaCredito[]
    >();
    expectTypeOf<
      SchemaType<{
        type: 'object';
        required: ['page'];
        properties: { page: { type: 'integer' }; mode: { type: 'string'; enum: ['ricevuti', 'inviati'] } };
        additionalProperties: false;
      }>
    >().toEqualTypeOf<{ page: number; mode?: 'ricevuti' | 'inviati' }>();
    // Errors are thrown, never returned: they widen no handler's answer.
    expectTypeOf<ReplyType<{ $ref: 'error#' }>>().toBeNever();
    // A mistyped id types as never, so the route using it does not compile.
    expectTypeOf<SchemaType<{ $ref: 'categorai#' }>>().toBeNever();
  });

  it('type the body and the answer of a handler from its schema, and validate them at run time', async () => {
    const app = await bareApp();
    app.post(
      '/privacy',
      {
        schema: {
          body: { $ref: 'user-privacy#' },
          response: { 200: { $ref: 'user-privacy#' }, ...errorResponses(400) },
        },
      },
      async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<UserPrivacy>();
        return { ...request.body, signature: request.body.signature.trim() };
      },
    );
    app.get(
      '/categories/:kind',
      {
        schema: {
          params: {
            type: 'object',
            required: ['kind'],
            properties: { kind: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
          response: { 200: { type: 'array', items: { $ref: 'categoria#' } } },
        },
      },
      async (request) => {
        expectTypeOf(request.params.kind).toEqualTypeOf<number>();
        return [{ id: request.params.kind, nome: 'Spese mediche', me_stesso: false }];
      },
    );
    app.get(
      '/wrong',
      { schema: { response: { 200: { $ref: 'categoria#' }, ...errorResponses(400) } } },
      // @ts-expect-error an answer that is not the schema's does not compile (id is an integer)
      async () => ({ id: 'uno', nome: 'Spese mediche', me_stesso: false }),
    );

    const consent = {
      privacy_servizio: true,
      privacy_dati_personali: false,
      decalogo_sicurezza: true,
      signature: ' Mario Rossi ',
    };
    const saved = await app.inject({ method: 'POST', url: '/privacy', payload: consent });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...consent, signature: 'Mario Rossi' });

    const refused = await app.inject({
      method: 'POST',
      url: '/privacy',
      payload: { ...consent, privacy_servizio: false },
    });
    expect(refused.statusCode).toBe(400);

    const categories = await app.inject({ method: 'GET', url: '/categories/2' });
    expect(categories.json()).toEqual([{ id: 2, nome: 'Spese mediche', me_stesso: false }]);
    await app.close();
  });
});
