/**
 * The welcome mail of a person the portal made (a bulk import's new employee, a provisioned
 * referent): a set-password link on the password-lost page, the tax code as the second proof.
 */
import { formatMessage } from '../messages';
import { authRules } from './auth-rules';
import { composeMail } from './sign-in';

export interface Welcome {
  email: string;
  /** Name and surname. */
  name: string;
  /** The customer's code (the link's page is the customer's). */
  customer: string;
  /** The password-lost token (a `password_resets` row of kind `lost`). */
  token: string;
}

export function welcomeMail(baseUrl: string, welcome: Welcome) {
  const link = `${baseUrl}/password-lost/${encodeURIComponent(welcome.customer)}/${welcome.token}`;
  return {
    to: welcome.email,
    subject: formatMessage('apiMailImportWelcomeSubject'),
    ...composeMail(
      welcome.name,
      [formatMessage('apiMailImportWelcomeText', { minutes: authRules.resetLinkMinutes })],
      link,
    ),
  };
}
