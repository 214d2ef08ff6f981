import { SuccessReplySchema } from '../auth/schemas';
import { validationError, type EndpointResponse, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { DEFAULT_FEATURE_FLAGS } from '../flags/schemas';
import { defineRoutes } from '../route';
import {
  AdminChallengeReplySchema,
  AdminChallengeRequestSchema,
  AdminFlagUpdateRequestSchema,
  AdminFlagsReplySchema,
  AdminVerifyReplySchema,
  AdminVerifyRequestSchema,
} from './schemas';

/** The admin's sign-in and the flags it changes; every one counts against the admin rate limit. */
export const adminContract = defineRoutes({
  challenge: {
    method: 'POST', path: '/api/admin/auth/challenge', service: 'gateway', auth: 'none', rateLimit: 'admin',
    cache: 'no-store', body: AdminChallengeRequestSchema, reply: AdminChallengeReplySchema, errors: [400, 403, 429],
  },
  verify: {
    method: 'POST', path: '/api/admin/auth/verify', service: 'gateway', auth: 'none', rateLimit: 'admin',
    cache: 'no-store', body: AdminVerifyRequestSchema, reply: AdminVerifyReplySchema, errors: [400, 401, 403, 429],
  },
  logout: { method: 'POST', path: '/api/admin/auth/logout', service: 'gateway', auth: 'admin', rateLimit: 'admin', reply: SuccessReplySchema, errors: [401, 429] },
  readFlags: { method: 'GET', path: '/api/admin/feature-flags', service: 'gateway', auth: 'admin', rateLimit: 'admin', cache: 'no-store', reply: AdminFlagsReplySchema, errors: [401, 429] },
  setFlag: { method: 'POST', path: '/api/admin/feature-flags', service: 'gateway', auth: 'admin', rateLimit: 'admin', body: AdminFlagUpdateRequestSchema, reply: AdminFlagsReplySchema, errors: [400, 401, 429] },
});

const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BEARER = 'Admin bearer token: `Authorization: Bearer <adminToken>`';

const rateLimited: EndpointResponse = {
  status: 429,
  description: 'More than 20 admin requests from this IP in 15 minutes; see Retry-After',
  schema: ErrorReplySchema,
  example: { error: { code: 'RATE_LIMITED', message: 'Too many admin requests, please try again later.' } },
};
const unauthorized: EndpointResponse = {
  status: 401,
  description: 'No admin token, or one that expired or was logged out',
  schema: ErrorReplySchema,
  example: { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired admin token' } },
};

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const adminDocs = (): RouteDocs<typeof adminContract> => ({
  challenge: {
    category: 'Admin',
    title: 'Get an admin challenge',
    description:
      'An EIP-4361 (Sign-In with Ethereum) message for the admin wallet to sign. It holds a single-use nonce and expires after 5 minutes.',
    bodyExample: { walletAddress: ADMIN },
    responses: [
      {
        status: 200,
        description: 'The challenge to sign with personal_sign',
        example: {
          success: true,
          challenge: `localhost:8080 wants you to sign in with your Ethereum account:\n${ADMIN}\n\nSign in as the administrator of the Shardeum node calculator.\n\nURI: http://localhost:8080/shm/admin\nVersion: 1\nChain ID: 8118\nNonce: Qm4Xr8TzL0pWc2Vb\nIssued At: 2026-01-01T00:00:00.000Z\nExpiration Time: 2026-01-01T00:05:00.000Z`,
          expiresAt: '2026-01-01T00:05:00.000Z',
        },
      },
      validationError,
      {
        status: 403,
        description: 'The wallet is not the admin wallet',
        schema: ErrorReplySchema,
        example: { error: { code: 'FORBIDDEN', message: 'Admin access requires the authorized wallet address' } },
      },
      rateLimited,
    ],
  },
  verify: {
    category: 'Admin',
    title: 'Verify the signed challenge',
    description:
      'Gives an admin bearer token when the challenge is one this server issued, unexpired and unused, and its signature recovers to the admin wallet.',
    bodyExample: { walletAddress: ADMIN, signature: `0x${'ab'.repeat(65)}`, challenge: '<the challenge, exactly as received>' },
    responses: [
      {
        status: 200,
        description: 'Authenticated',
        example: { success: true, adminToken: 'r2N…', expiresAt: '2026-01-01T12:00:00.000Z' },
      },
      validationError,
      {
        status: 401,
        description: 'Unknown, altered, expired or already used challenge, or a signature by another key',
        schema: ErrorReplySchema,
        example: { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired challenge' } },
      },
      {
        status: 403,
        description: 'Signed by a wallet that is not the admin wallet',
        schema: ErrorReplySchema,
        example: { error: { code: 'FORBIDDEN', message: 'Admin access requires the authorized wallet address' } },
      },
      rateLimited,
    ],
  },
  logout: {
    category: 'Admin',
    title: 'Log out the admin',
    description: 'Revokes the bearer token at once.',
    authentication: BEARER,
    responses: [
      { status: 200, description: 'Token revoked', example: { success: true } },
      unauthorized,
      rateLimited,
    ],
  },
  readFlags: {
    category: 'Admin',
    title: 'Read the feature flags (admin)',
    description: 'The four feature flags as stored.',
    authentication: BEARER,
    responses: [
      {
        status: 200,
        description: 'The flags',
        example: { success: true, flags: DEFAULT_FEATURE_FLAGS },
      },
      unauthorized,
      rateLimited,
    ],
  },
  setFlag: {
    category: 'Admin',
    title: 'Turn a feature flag on or off',
    description:
      'Stores the flag and publishes a flags.changed event, which services follow (calc enforces the payment gate from it).',
    authentication: BEARER,
    bodyExample: { feature: 'networkData', enabled: true },
    responses: [
      {
        status: 200,
        description: 'Every flag after the change',
        example: { success: true, flags: { ...DEFAULT_FEATURE_FLAGS, networkData: true } },
      },
      { ...validationError, description: 'Unknown flag name, or enabled is not a boolean' },
      unauthorized,
      rateLimited,
    ],
  },
});
