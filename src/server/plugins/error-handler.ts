/**
 * The one error handler: every failure leaves as `{"detail": "..."}` or
 * `{"<field>": ["..."], "non_field_errors": ["..."]}` with an honest status. Only what is really
 * unexpected becomes a 500 (logged with its stack); what a client sends never does.
 */
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage, type MessageKey } from '../messages';
import { ApiError, type ErrorBody, type FieldErrors } from '../errors';

const NON_FIELD = 'non_field_errors';
/** A body with thousands of unknown fields must not produce a megabyte of errors. */
const MAX_FIELDS = 50;

const STATUS_MESSAGE: Record<number, MessageKey> = {
  400: 'apiBadRequest',
  401: 'apiUnauthorized',
  403: 'apiForbidden',
  404: 'apiNotFound',
  413: 'apiBodyTooLarge',
  415: 'apiUnsupportedMediaType',
  422: 'formInvalidValue',
};

const TYPE_NAME: Record<string, MessageKey> = {
  string: 'apiTypeString',
  number: 'apiTypeNumber',
  integer: 'apiTypeInteger',
  boolean: 'apiTypeBoolean',
  object: 'apiTypeObject',
  array: 'apiTypeArray',
  null: 'apiTypeNull',
};

function pathOf(instancePath: string): string[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function messageOf(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return formatMessage('apiValidationRequired');
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return formatMessage('apiValidationUnknownField');
    case 'type': {
      const types = String(p.type ?? '').split(',');
      const names = types.map((t) => (TYPE_NAME[t] ? formatMessage(TYPE_NAME[t]) : t));
      return formatMessage('apiValidationType', { type: names.join(' o ') });
    }
    case 'format':
      return formatMessage('apiValidationFormat');
    case 'pattern':
      return formatMessage('apiValidationFormat');
    case 'minLength':
      return formatMessage('apiValidationTooShort', { limit: String(p.limit) });
    case 'maxLength':
      return formatMessage('formTooLong', { limit: String(p.limit) });
    case 'minimum':
    case 'exclusiveMinimum':
      return formatMessage('formMinimum', { limit: String(p.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return formatMessage('formMaximum', { limit: String(p.limit) });
    case 'enum':
    case 'const':
      return formatMessage('apiValidationEnum');
    default:
      return formatMessage('formInvalidValue');
  }
}

/** Ajv errors -> `{field: [Italian text]}`; the field is the missing or unknown property for those keywords. */
export function translateValidationErrors(errors: readonly ErrorObject[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = pathOf(error.instancePath);
    const p = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && typeof p.missingProperty === 'string') path.push(p.missingProperty);
    if (error.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
      path.push(p.additionalProperty);
    }
    if (error.keyword === 'unevaluatedProperties' && typeof p.unevaluatedProperty === 'string') {
      path.push(p.unevaluatedProperty);
    }
    // Combinators repeat what their branches already said.
    if (['anyOf', 'oneOf', 'allOf', 'if', 'not'].includes(error.keyword) && errors.length > 1) continue;
    const field = path.join('.') || NON_FIELD;
    if (!(field in out) && Object.keys(out).length >= MAX_FIELDS) continue;
    const list = (out[field] ??= []);
    const text = messageOf(error);
    if (!list.includes(text)) list.push(text);
  }
  if (Object.keys(out).length === 0) out[NON_FIELD] = [formatMessage('formInvalidValue')];
  return out;
}

/** Status and body for any error thrown while serving a request. */
export function toErrorAnswer(error: FastifyError | Error): {
  status: number;
  body: ErrorBody;
  expected: boolean;
} {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.body, expected: true };
  const e = error as FastifyError & { validation?: ErrorObject[] };
  if (Array.isArray(e.validation)) {
    return { status: 400, body: translateValidationErrors(e.validation), expected: true };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { detail: formatMessage('apiBadJson') }, expected: true };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { detail: formatMessage('apiBodyTooLarge') }, expected: true };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { detail: formatMessage('apiUnsupportedMediaType') }, expected: true };
  }
  // JSON parser errors (including prototype poisoning) come as SyntaxError with statusCode 400.
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: { detail: formatMessage('apiBadJson') }, expected: true };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const key = STATUS_MESSAGE[status] ?? 'apiBadRequest';
    return { status, body: { detail: formatMessage(key) }, expected: true };
  }
  return { status: 500, body: { detail: formatMessage('apiInternal') }, expected: false };
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const answer = toErrorAnswer(error);
      if (!answer.expected) request.log.error({ err: error }, 'errore inatteso');
      else request.log.debug({ status: answer.status, code: error.code }, 'richiesta rifiutata');
      if (error instanceof ApiError) reply.headers(error.headers);
      if (answer.status === 401) reply.header('www-authenticate', 'Token');
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
    });
  },
  { name: 'error-handler' },
);
