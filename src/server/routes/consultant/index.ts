/**
 * The consultants' API (spec 002 §2.8, §6; ARCHITECTURE.md §5): a consultant (api user) of a company
 * reads the company's employees and credit expiry schedule, and receives the schedule and the
 * payroll movement export as files encrypted to their public key. No session: every request is signed with the consultant's private
 * key (services/consultant-signature.ts), checked against the key the referent registered; a deleted
 * key or a revoked consultant is refused (401) from the next request. These calls are `public` for
 * the session check (they carry no token) and verified here, before any handler.
 */
import { PassThrough } from 'node:stream';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { companyEmployees, schedulePage, writeScheduleXlsx } from '../../services/back-office';
import { isIsoDay, romeDate } from '../../services/calendar';
import { exportRange, writePayrollXlsx } from '../../services/history';
import {
  encryptForConsultant,
  verifyConsultantRequest,
  type ConsultantCaller,
} from '../../services/consultant-signature';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { scheduleTable } from '../../../../config/tables/office-scadenzario';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified consultant of a signed request (consultant calls only). */
    consultant: ConsultantCaller | null;
  }
}

const SCHEDULE_PAGING =
  scheduleTable.paging.mode === 'server' ? scheduleTable.paging : { pageSizes: [50], defaultPageSize: 50 };
const errors = errorResponses(400, 401, 429);
const SIGNED =
  ' Richiesta firmata dal consulente: intestazioni `Signature-Input` (`("@method" "@path" "@query")`, ' +
  '`created`, `nonce`, `keyid` = id della sua chiave pubblica, `alg="rsa-pss-sha512"`) e `Signature` ' +
  '(RFC 9421). Firma assente o non valida, orario fuori tolleranza, nonce già usato, chiave eliminata o ' +
  'consulente revocato: 401.';

function caller(request: { consultant: ConsultantCaller | null }): ConsultantCaller {
  if (!request.consultant) throw new Error('consultant hook missing');
  return request.consultant;
}

async function bufferOf(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

export default async function consultantRoutes(app: WireApp): Promise<void> {
  app.decorateRequest('consultant', null);
  app.addHook('onRequest', async (request) => {
    request.consultant = await verifyConsultantRequest(app.db, request);
  });

  app.get(
    '/api/consulente/dipendenti',
    {
      config: { public: true },
      schema: {
        summary: 'Dipendenti dell’azienda (consulente)',
        description: 'I dipendenti dell’azienda del consulente, cessati compresi.' + SIGNED,
        tags: ['consulenti'],
        response: { 200: { type: 'array', items: { $ref: 'dipendente-azienda#' } }, ...errors },
      },
    },
    async (request) => companyEmployees(app.db, caller(request).companyId, false),
  );

  app.get(
    '/api/consulente/scadenzario',
    {
      config: { public: true },
      schema: {
        summary: 'Scadenzario crediti (consulente)',
        description:
          'Lo scadenzario crediti dell’azienda del consulente. ' +
          pagingDescription(SCHEDULE_PAGING) +
          SIGNED,
        tags: ['consulenti'],
        querystring: {
          type: 'object',
          properties: pagingQueryProperties(SCHEDULE_PAGING),
          additionalProperties: false,
        },
        response: { 200: { $ref: 'pagina-scadenzario#' }, ...errors },
      },
    },
    async (request) =>
      schedulePage(app.db, caller(request).companyId, romeDate(), pageSlice(request.query, SCHEDULE_PAGING)),
  );

  app.get(
    '/api/consulente/scadenzario_cifrato',
    {
      config: { public: true },
      schema: {
        summary: 'Scadenzario crediti come file cifrato (consulente)',
        description:
          'Lo scadenzario completo (.xlsx) cifrato per la chiave pubblica con cui il consulente ha firmato: ' +
          'AES-256-GCM con chiave casuale, la chiave cifrata con RSA-OAEP SHA-256.' +
          SIGNED,
        tags: ['consulenti'],
        response: { 200: { $ref: 'file-cifrato#' }, ...errors },
      },
    },
    async (request) => {
      const consultant = caller(request);
      const today = romeDate();
      const content = await bufferOf((out) => writeScheduleXlsx(app.db, consultant.companyId, today, out));
      return encryptForConsultant(consultant.publicKey, `scadenzario_${today}.xlsx`, content);
    },
  );

  app.get(
    '/api/consulente/export_movimenti',
    {
      config: { public: true },
      schema: {
        summary: 'Export dei movimenti per le paghe come file cifrato (consulente)',
        description:
          'Il foglio .xlsx dei movimenti dei dipendenti nei giorni `date_start`..`date_end` (le stesse regole ' +
          'dell’export del referente, `export_wfbridge_fine_mese`), cifrato per la chiave pubblica del consulente.' +
          SIGNED,
        tags: ['consulenti'],
        querystring: {
          type: 'object',
          properties: {
            date_start: { type: 'string', maxLength: 10 },
            date_end: { type: 'string', maxLength: 10 },
          },
          additionalProperties: false,
        },
        response: { 200: { $ref: 'file-cifrato#' }, ...errors },
      },
    },
    async (request) => {
      const consultant = caller(request);
      const range = exportRange(request.query, romeDate(), isIsoDay);
      const content = await bufferOf((out) => writePayrollXlsx(app.db, consultant.companyId, range, out));
      return encryptForConsultant(
        consultant.publicKey,
        `movimenti_${range.dateStart}_${range.dateStop}.xlsx`,
        content,
      );
    },
  );
}
