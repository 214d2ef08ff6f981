import { validationError, type RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { defineRoutes } from '../route';
import { NonceReplySchema, SessionReplySchema, SignInRequestSchema, SuccessReplySchema } from './schemas';

/** Wallet sign-in (EIP-4361), answered by the gateway. */
export const authContract = defineRoutes({
  nonce: { method: 'GET', path: '/api/auth/nonce', service: 'gateway', auth: 'none', rateLimit: 'signIn', cache: 'no-store', reply: NonceReplySchema, errors: [] },
  verify: {
    method: 'POST', path: '/api/auth/verify', service: 'gateway', auth: 'none', rateLimit: 'signIn',
    body: SignInRequestSchema, reply: SessionReplySchema, errors: [400, 401],
  },
  session: { method: 'GET', path: '/api/auth/session', service: 'gateway', auth: 'none', cache: 'no-store', reply: SessionReplySchema, errors: [] },
  logout: { method: 'POST', path: '/api/auth/logout', service: 'gateway', auth: 'none', reply: SuccessReplySchema, errors: [] },
});

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const EXPIRES = '2026-01-02T00:00:00.000Z';

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const authDocs = (): RouteDocs<typeof authContract> => ({
  nonce: {
    category: 'Wallet Sign-In',
    title: 'Get a sign-in nonce',
    description:
      'A single-use nonce (valid 5 minutes) and the domain, URI and chain id an EIP-4361 (Sign-In with Ethereum) message must name. Sign the message with personal_sign and post it to /api/auth/verify.',
    responses: [
      {
        status: 200,
        description: 'A fresh nonce',
        example: {
          success: true,
          nonce: 'k3Jd9sPq0aLm2ZxY',
          domain: 'localhost:8080',
          uri: 'http://localhost:8080',
          chainId: 8118,
          expiresAt: '2026-01-01T00:05:00.000Z',
        },
      },
    ],
  },
  verify: {
    category: 'Wallet Sign-In',
    title: 'Sign in with a signed message',
    description:
      'Checks the signature, domain, URI, chain id 8118, expiry and nonce (each nonce works once), then sets an HttpOnly session cookie bound to the signing wallet for 24 hours.',
    bodyExample: {
      message:
        'localhost:8080 wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to the Shardeum node calculator.\n\nURI: http://localhost:8080\nVersion: 1\nChain ID: 8118\nNonce: k3Jd9sPq0aLm2ZxY\nIssued At: 2026-01-01T00:00:00.000Z\nExpiration Time: 2026-01-01T00:05:00.000Z',
      signature: `0x${'ab'.repeat(65)}`,
    },
    responses: [
      {
        status: 200,
        description: 'Signed in; the reply sets the session cookie',
        example: { success: true, authenticated: true, address: ADDRESS, expiresAt: EXPIRES },
      },
      validationError,
      {
        status: 401,
        description: 'Bad signature, wrong domain or chain, expired message, or a nonce already used',
        schema: ErrorReplySchema,
        example: { error: { code: 'UNAUTHORIZED', message: 'Invalid or expired sign-in message' } },
      },
    ],
  },
  session: {
    category: 'Wallet Sign-In',
    title: 'Current wallet session',
    description: 'Whether the session cookie is valid, and for which wallet.',
    authentication: 'Session cookie (optional)',
    responses: [
      {
        status: 200,
        description: 'The session, or authenticated false',
        example: { success: true, authenticated: true, address: ADDRESS, expiresAt: EXPIRES },
      },
    ],
  },
  logout: {
    category: 'Wallet Sign-In',
    title: 'Sign out',
    description: 'Revokes the wallet session and clears its cookie. Succeeds without a session too.',
    authentication: 'Session cookie (optional)',
    responses: [{ status: 200, description: 'Signed out', example: { success: true } }],
  },
});
