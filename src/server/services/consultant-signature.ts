/**
 * Consultant (api user) requests, signed with the consultant's private key (ARCHITECTURE.md §5, §7;
 * spec 002 §2.8, §6), in the style of HTTP Message Signatures (RFC 9421):
 *
 *   Signature-Input: sig1=("@method" "@path" "@query");created=1767225600;nonce="n-1";keyid="12";alg="rsa-pss-sha512"
 *   Signature: sig1=:<base64 RSA-PSS SHA-512 signature, salt 64>:
 *
 * The signed text is RFC 9421's signature base: one line per covered component, then the
 * `@signature-params` line. `keyid` is the id of a public key the company registered for the consultant
 * (office-cifratura-chain). Refused with 401: a missing or malformed signature, an unknown or deleted
 * key, a revoked consultant, a `created` further than the allowed skew from the server's clock, a
 * signature that does not verify, and a nonce already used with that key (replay).
 *
 * Files for a consultant are encrypted to the same public key: a random AES-256-GCM key encrypts the
 * file, RSA-OAEP (SHA-256) encrypts that key (`encryptForConsultant`).
 */
import {
  constants as cryptoConstants,
  createCipheriv,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { constants } from '../../../config/constants';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';

export const SIGNATURE_ALG = 'rsa-pss-sha512';
/** The components every consultant request covers, in this order. */
export const COVERED = ['@method', '@path', '@query'] as const;

const LABEL = /^([a-z][a-z0-9-]{0,31})=/;
const PARAMS =
  /^\("@method" "@path" "@query"\)((?:;(?:created=\d{1,12}|nonce="[A-Za-z0-9_-]{8,128}"|keyid="\d{1,18}"|alg="[a-z0-9-]{1,32}"))+)$/;

export interface SignatureInput {
  label: string;
  /** The inner list and parameters as sent: the `@signature-params` value. */
  params: string;
  created: number;
  nonce: string;
  keyid: number;
  alg: string;
}

/** Parses `Signature-Input`; null when malformed or missing a required parameter. */
export function parseSignatureInput(header: string): SignatureInput | null {
  const label = LABEL.exec(header);
  if (!label?.[1]) return null;
  const params = header.slice(label[0].length);
  const match = PARAMS.exec(params);
  if (!match?.[1]) return null;
  const values: Record<string, string> = {};
  for (const part of match[1].slice(1).split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    if (Object.hasOwn(values, name)) return null;
    values[name] = part.slice(eq + 1).replace(/^"(.*)"$/, '$1');
  }
  if (!values.created || !values.nonce || !values.keyid || !values.alg) return null;
  return {
    label: label[1],
    params,
    created: Number(values.created),
    nonce: values.nonce,
    keyid: Number(values.keyid),
    alg: values.alg,
  };
}

/** The signature base of RFC 9421 §2.5 for the covered components. */
export function signatureBase(request: { method: string; url: string }, params: string): string {
  const url = new URL(request.url, 'http://consultant.invalid');
  return [
    `"@method": ${request.method.toUpperCase()}`,
    `"@path": ${url.pathname}`,
    `"@query": ${url.search === '' ? '?' : url.search}`,
    `"@signature-params": ${params}`,
  ].join('\n');
}

/** `Signature-Input` and `Signature` for a request (consultants' clients and the tests use it). */
export function signatureHeaders(
  request: { method: string; url: string },
  input: { keyid: number; created: number; nonce: string },
  sign: (base: Buffer) => Buffer,
): { 'signature-input': string; signature: string } {
  const params =
    `("@method" "@path" "@query");created=${input.created};nonce="${input.nonce}";` +
    `keyid="${input.keyid}";alg="${SIGNATURE_ALG}"`;
  const signature = sign(Buffer.from(signatureBase(request, params)));
  return { 'signature-input': `sig1=${params}`, signature: `sig1=:${signature.toString('base64')}:` };
}

export interface ConsultantCaller {
  keyId: number;
  apiUserId: number;
  companyId: number;
  publicKey: KeyObject;
}

function header(request: FastifyRequest, name: string): string | null {
  const raw = request.headers[name];
  return typeof raw === 'string' && raw.length <= 4096 ? raw : null;
}

/** The consultant of a signed request, or 401 (see the module's comment for every refusal). */
export async function verifyConsultantRequest(
  db: Kysely<DB>,
  request: FastifyRequest,
  now: Date = new Date(),
): Promise<ConsultantCaller> {
  const inputHeader = header(request, 'signature-input');
  const signatureHeader = header(request, 'signature');
  if (inputHeader === null || signatureHeader === null) {
    throw ApiError.of(401, 'apiConsultantSignatureMissing');
  }
  const input = parseSignatureInput(inputHeader);
  const signature = new RegExp(`^${input?.label ?? 'sig1'}=:([A-Za-z0-9+/]+={0,2}):$`).exec(signatureHeader);
  if (!input || !signature?.[1] || input.alg !== SIGNATURE_ALG || !Number.isSafeInteger(input.keyid)) {
    throw ApiError.of(401, 'apiConsultantSignatureInvalid');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - input.created) > constants.consultantSignatureSkewSeconds) {
    throw ApiError.of(401, 'apiConsultantSignatureExpired');
  }

  const key = await db
    .selectFrom('public_keys as k')
    .innerJoin('api_users as a', 'a.id', 'k.api_user_id')
    .select(['k.id', 'k.company_id', 'k.chiave_pubblica', 'k.api_user_id', 'k.deleted_at', 'a.revoked_at'])
    .where('k.id', '=', input.keyid)
    .executeTakeFirst();
  if (!key || key.api_user_id === null || key.deleted_at !== null || key.revoked_at !== null) {
    throw ApiError.of(401, 'apiConsultantKeyRevoked');
  }
  const publicKey = createPublicKey({
    key: Buffer.from(key.chiave_pubblica, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const base = Buffer.from(signatureBase({ method: request.method, url: request.url }, input.params));
  const valid = verify(
    'sha512',
    base,
    { key: publicKey, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 64 },
    Buffer.from(signature[1], 'base64'),
  );
  if (!valid) throw ApiError.of(401, 'apiConsultantSignatureInvalid');

  // The nonce is spent only by a request that verified: nobody can burn a consultant's nonces.
  await db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
  const spent = await db
    .insertInto('used_nonces')
    .values({
      nonce: `consultant:${key.id}:${input.nonce}`,
      expires_at: new Date((input.created + 2 * constants.consultantSignatureSkewSeconds) * 1000),
    })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!spent) throw ApiError.of(401, 'apiConsultantReplay');
  return { keyId: key.id, apiUserId: key.api_user_id, companyId: key.company_id, publicKey };
}

/** A file encrypted to the consultant's public key (schema `file-cifrato`). */
export function encryptForConsultant(publicKey: KeyObject, fileName: string, content: Buffer) {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(content), cipher.final(), cipher.getAuthTag()]);
  const wrapped = publicEncrypt(
    { key: publicKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    nome_file: fileName,
    alg: 'RSA-OAEP-256+A256GCM' as const,
    chiave_cifrata: wrapped.toString('base64'),
    iv: iv.toString('base64'),
    dati: data.toString('base64'),
  };
}
