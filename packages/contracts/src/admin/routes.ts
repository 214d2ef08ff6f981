import { SuccessReplySchema } from '../auth/schemas';
import { defineRoutes, withSchemas } from '../route';
import {
  AdminChallengeReplySchema,
  AdminChallengeRequestSchema,
  AdminFlagUpdateRequestSchema,
  AdminFlagsReplySchema,
  AdminVerifyReplySchema,
  AdminVerifyRequestSchema,
} from './schemas';

/** The admin's sign-in and the flags it changes; every one counts against the admin rate limit. */
export const adminRoutes = defineRoutes({
  challenge: { method: 'POST', path: '/api/admin/auth/challenge', service: 'gateway', auth: 'none', rateLimit: 'admin' },
  verify: { method: 'POST', path: '/api/admin/auth/verify', service: 'gateway', auth: 'none', rateLimit: 'admin' },
  logout: { method: 'POST', path: '/api/admin/auth/logout', service: 'gateway', auth: 'admin', rateLimit: 'admin' },
  readFlags: { method: 'GET', path: '/api/admin/feature-flags', service: 'gateway', auth: 'admin', rateLimit: 'admin' },
  setFlag: { method: 'POST', path: '/api/admin/feature-flags', service: 'gateway', auth: 'admin', rateLimit: 'admin' },
});

export const adminContract = /* @__PURE__ */ withSchemas(adminRoutes, {
  challenge: { cache: 'no-store', body: AdminChallengeRequestSchema, reply: AdminChallengeReplySchema, errors: [400, 403, 429] },
  verify: { cache: 'no-store', body: AdminVerifyRequestSchema, reply: AdminVerifyReplySchema, errors: [400, 401, 403, 429] },
  logout: { reply: SuccessReplySchema, errors: [401, 429] },
  readFlags: { cache: 'no-store', reply: AdminFlagsReplySchema, errors: [401, 429] },
  setFlag: { body: AdminFlagUpdateRequestSchema, reply: AdminFlagsReplySchema, errors: [400, 401, 429] },
});
