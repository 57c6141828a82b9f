/**
 * A software WebAuthn authenticator for the passkey tests (issue 28): an ES256 (P-256) key pair made
 * with node:crypto, 'none' attestations for navigator.credentials.create and signed assertions for
 * navigator.credentials.get, in the JSON shape of @simplewebauthn/browser. Built by hand from the
 * WebAuthn Level 2 formats (authenticator data, COSE key, attestation object), so the server's checks
 * (challenge, origin, RP ID hash, signature, counter) run exactly as with a browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter: +1 at every assertion. */
  counter = 0;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The RP ID the origin stands for (its host name), unless told. */
  private rpIdOf(rpId?: string): string {
    return rpId ?? new URL(this.origin).hostname;
  }

  private coseKey(): Uint8Array {
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create for the options of passkeys/opzioni ('none' attestation). */
  register(
    options: { challenge: string; rp: { id?: string } },
    overrides: { origin?: string; rpId?: string } = {},
  ): RegistrationResponseJSON {
    const rpId = this.rpIdOf(overrides.rpId ?? options.rp.id);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * navigator.credentials.get for the options of api-token-passkey-options: the counter moves on
   * (unless `counter` is given) and the authenticator data and client data are signed with the key
   * (or with `signWith`, another authenticator's key: a wrong signature).
   */
  assert(
    options: { challenge: string; rpId?: string },
    overrides: { origin?: string; rpId?: string; counter?: number; signWith?: SoftAuthenticator } = {},
  ): AuthenticationResponseJSON {
    const rpId = this.rpIdOf(overrides.rpId ?? options.rpId);
    if (overrides.counter === undefined) this.counter += 1;
    const authData = this.authData(rpId, FLAG_UP | FLAG_UV, overrides.counter ?? this.counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      options.challenge,
      overrides.origin ?? this.origin,
    );
    const signer = overrides.signWith ?? this;
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), signer.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
