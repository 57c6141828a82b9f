/**
 * `akey` of `POST /api/api-token-ckey` (ARCHITECTURE.md §5): base64url (no padding) of the UTF-8
 * JSON `{"username": e-mail, "password": lower-case hex SHA-256 of the password}`.
 */

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function buildAkey(username: string, password: string): Promise<string> {
  const payload = JSON.stringify({ username: username.trim(), password: await sha256Hex(password) });
  return base64UrlEncode(new TextEncoder().encode(payload));
}
