import { defineRoutes, withSchemas } from '../route';
import { NonceReplySchema, SessionReplySchema, SignInRequestSchema, SuccessReplySchema } from './schemas';

/** Wallet sign-in (EIP-4361), answered by the gateway. */
export const authRoutes = defineRoutes({
  nonce: { method: 'GET', path: '/api/auth/nonce', service: 'gateway', auth: 'none', rateLimit: 'signIn' },
  verify: { method: 'POST', path: '/api/auth/verify', service: 'gateway', auth: 'none', rateLimit: 'signIn' },
  session: { method: 'GET', path: '/api/auth/session', service: 'gateway', auth: 'none' },
  logout: { method: 'POST', path: '/api/auth/logout', service: 'gateway', auth: 'none' },
});

export const authContract = /* @__PURE__ */ withSchemas(authRoutes, {
  nonce: { cache: 'no-store', reply: NonceReplySchema, errors: [] },
  verify: { body: SignInRequestSchema, reply: SessionReplySchema, errors: [400, 401] },
  session: { cache: 'no-store', reply: SessionReplySchema, errors: [] },
  logout: { reply: SuccessReplySchema, errors: [] },
});
