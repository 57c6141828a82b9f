/**
 * Addresses of the outside world, per installation (issue 24; README "Configuration"): the on-demand
 * conventions request form, the back office's "request a new convention", the benefit hub's subscription
 * and tutorial video. Unset, the portal hides the button that would open one; in demo mode the demo
 * pages this server serves stand in (routes/demo-partner), and the video stays hidden (there is none).
 */
import type { ServerConfig } from '../plugins/env';

/** The demo pages of the outside world (routes/demo-partner). */
export const DEMO_REQUEST_FORM_PATH = '/demo-partner/richiesta-convenzione';
export const DEMO_BENEFIT_HUB_SUBSCRIBE_PATH = '/demo-partner/benefit-hub/iscrizione';

export interface ExternalLinks {
  requestForm: string | null;
  newConvention: string | null;
  benefitHubSubscribe: string | null;
  benefitHubVideo: string | null;
}

export function externalLinks(config: Pick<ServerConfig, 'externalLinks' | 'demo'>): ExternalLinks {
  const demo = (path: string) => (config.demo ? path : null);
  const set = config.externalLinks;
  return {
    requestForm: set.requestForm ?? demo(DEMO_REQUEST_FORM_PATH),
    newConvention: set.newConvention ?? demo(DEMO_REQUEST_FORM_PATH),
    benefitHubSubscribe: set.benefitHubSubscribe ?? demo(DEMO_BENEFIT_HUB_SUBSCRIBE_PATH),
    benefitHubVideo: set.benefitHubVideo,
  };
}
