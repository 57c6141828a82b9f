/**
 * Single sign-on providers (spec 000 §1, §4): external payroll portals that send their users to
 * `/login/<customer>?token=<sso_token>`; the portal exchanges the token with `POST /api/api-token-ssocp`.
 *
 * Token format (defined here; the spec does not show it), the same for every provider:
 *
 *   <payload>.<signature>
 *   payload   = base64url (no padding) of the UTF-8 JSON
 *               {"email": "<user e-mail>", "provider": "<slug>", "exp": <Unix seconds>, "nonce": "<random>"}
 *   signature = base64url (no padding) of HMAC-SHA256(<provider secret>, <payload as sent>)
 *
 * A token is refused when the signature does not match, the provider is unknown or has no secret,
 * `exp` is past or more than 5 minutes ahead, or its nonce was already used (single use).
 *
 * The secret of a provider is read from the environment variable `secretEnv` (at least 32 characters).
 * `demoSecret` is used only in demo mode when that variable is unset; outside demo mode a provider
 * without its variable is disabled (its tokens are refused).
 */

export interface SsoProvider {
  /** Identifier in tokens and in `sso_provider_slug`: lower case, digits and `-`. */
  readonly slug: string;
  /** Name shown to operators. */
  readonly name: string;
  /** Environment variable holding the HMAC-SHA256 secret shared with the provider. */
  readonly secretEnv: string;
  /** Demo-mode secret: public, never accepted outside demo mode. */
  readonly demoSecret: string;
}

export const ssoProviders = [
  {
    slug: 'paghe-demo',
    name: 'Paghe Demo (elaborazione paghe)',
    secretEnv: 'SSO_SECRET_PAGHE_DEMO',
    demoSecret: 'demo-sso-paghe-demo-0123456789abcdef-non-per-produzione',
  },
  {
    slug: 'hr-cloud',
    name: 'HR Cloud (portale del dipendente)',
    secretEnv: 'SSO_SECRET_HR_CLOUD',
    demoSecret: 'demo-sso-hr-cloud-0123456789abcdef-non-per-produzione',
  },
] as const satisfies readonly SsoProvider[];

export type SsoProviderSlug = (typeof ssoProviders)[number]['slug'];

/** Lifetime of an SSO token, in seconds. */
export const SSO_TOKEN_TTL_SECONDS = 300;

export function findSsoProvider(slug: string): SsoProvider | undefined {
  return (ssoProviders as readonly SsoProvider[]).find((p) => p.slug === slug);
}
