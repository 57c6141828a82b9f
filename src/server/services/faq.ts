/**
 * Where the FAQ frame and the support mails go (spec 002 §2.7; README "Configuration"): FAQ_URL and
 * SUPPORT_EMAIL, with demo-mode defaults served or kept by this server. The CSP's `frame-src` allows
 * exactly the origin of the FAQ address ('self' for the demo page, 'none' when there is no FAQ).
 */
import type { ServerConfig } from '../plugins/env';

/** The FAQ page this server serves in demo mode (routes/content). */
export const DEMO_FAQ_PATH = '/demo-faq';

/** The support address in demo mode (the mail lands in the outbox). */
export const DEMO_SUPPORT_EMAIL = 'assistenza@example.com';

type Settings = Pick<ServerConfig, 'faqUrl' | 'supportEmail' | 'demo'>;

export function faqAddress(config: Settings): string | null {
  return config.faqUrl ?? (config.demo ? DEMO_FAQ_PATH : null);
}

export function faqFrameSrc(config: Settings): string[] {
  const url = faqAddress(config);
  if (url === null) return ["'none'"];
  if (url.startsWith('/')) return ["'self'"];
  return [new URL(url).origin];
}

export function supportAddress(config: Settings): string | null {
  return config.supportEmail ?? (config.demo ? DEMO_SUPPORT_EMAIL : null);
}
