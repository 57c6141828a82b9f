/**
 * Sign-in and passwords (spec 000 §4, §5, §7): login with second factor and enrolment, single sign-on,
 * signed links (reconnection, token login), password reset links and password change.
 */
import type { FastifyInstance } from 'fastify';
import { verifyPasswordDigest } from '../../services/passwords';
import linkRoutes from './links';
import loginRoutes from './login';
import passkeyRoutes from './passkeys';
import passwordRoutes from './passwords';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // Computes the dummy hash now, so that the first unknown user is answered as fast as the others.
  await verifyPasswordDigest(null, '0'.repeat(64));
  await app.register(loginRoutes);
  await app.register(linkRoutes);
  await app.register(passwordRoutes);
  // Passkeys as second factor (issue 28).
  await app.register(passkeyRoutes);
}
