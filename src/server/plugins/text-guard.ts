/**
 * No text may carry a NUL character (ARCHITECTURE.md §7): PostgreSQL refuses `\u0000` in text and jsonb,
 * so without this check such input would end as a 500 deep inside a query. One hook for the whole API
 * checks the JSON body, the query string and the path parameters before any schema or handler runs, and
 * answers 400 naming the field; multipart fields are checked where they are read (`findNul`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../messages';
import { ApiError } from '../errors';

const NUL = '\u0000';
/** Bodies are at most a few hundred KB: a bounded walk, deep nesting is the schema's business. */
const MAX_DEPTH = 32;

/** The dotted path of the first string (or object key) holding a NUL, '' for the value itself, or null. */
export function findNul(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? '' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes(NUL)) return 'non_field_errors';
    const inner = findNul(item, depth + 1);
    if (inner !== null) return inner === '' ? key : `${key}.${inner}`;
  }
  return null;
}

/** 400 `{field: [text]}` when `value` holds a NUL anywhere. */
export function refuseNul(value: unknown): void {
  const field = findNul(value);
  if (field !== null)
    throw new ApiError(400, { [field || 'non_field_errors']: [formatMessage('apiTextNul')] });
}

function checkRequest(request: FastifyRequest): void {
  refuseNul(request.params);
  refuseNul(request.query);
  refuseNul(request.body);
}

export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook: nothing is awaited, so no promise and no extra tick on every request.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        checkRequest(request);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'text-guard' },
);
