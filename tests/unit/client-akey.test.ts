import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64UrlEncode, buildAkey, sha256Hex } from '../../src/client/features/auth/akey';

describe('akey (ARCHITECTURE.md §5)', () => {
  it('hashes the password with SHA-256 in lower-case hex', async () => {
    expect(await sha256Hex('Welfare!2026')).toBe(createHash('sha256').update('Welfare!2026').digest('hex'));
  });

  it('is base64url (no padding) of the UTF-8 JSON {username, password-hash}', async () => {
    const akey = await buildAkey(' lucia.però@example.com ', 'pässwörd');
    expect(akey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(akey, 'base64url').toString('utf8'))).toEqual({
      username: 'lucia.però@example.com',
      password: createHash('sha256').update('pässwörd', 'utf8').digest('hex'),
    });
  });

  it('encodes bytes like Node’s base64url', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    expect(base64UrlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });
});
