import { ErrorReplySchema } from '../errors';
import { NonceReplySchema, SessionReplySchema, SignInRequestSchema, SuccessReplySchema } from '../http/auth';
import { validationError, type EndpointDefinition } from './types';

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const EXPIRES = '2026-01-02T00:00:00.000Z';

export const AUTH_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Wallet Sign-In',
    method: 'GET',
    path: '/api/auth/nonce',
    title: 'Get a sign-in nonce',
    description:
      'A single-use nonce (valid 5 minutes) and the domain, URI and chain id an EIP-4361 (Sign-In with Ethereum) message must name. Sign the message with personal_sign and post it to /api/auth/verify.',
    service: 'gateway',
    responses: [
      {
        status: 200,
        description: 'A fresh nonce',
        schema: NonceReplySchema,
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
  {
    category: 'Wallet Sign-In',
    method: 'POST',
    path: '/api/auth/verify',
    title: 'Sign in with a signed message',
    description:
      'Checks the signature, domain, URI, chain id 8118, expiry and nonce (each nonce works once), then sets an HttpOnly session cookie bound to the signing wallet for 24 hours.',
    service: 'gateway',
    body: SignInRequestSchema,
    bodyExample: {
      message:
        'localhost:8080 wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to the Shardeum node calculator.\n\nURI: http://localhost:8080\nVersion: 1\nChain ID: 8118\nNonce: k3Jd9sPq0aLm2ZxY\nIssued At: 2026-01-01T00:00:00.000Z\nExpiration Time: 2026-01-01T00:05:00.000Z',
      signature: `0x${'ab'.repeat(65)}`,
    },
    responses: [
      {
        status: 200,
        description: 'Signed in; the reply sets the session cookie',
        schema: SessionReplySchema,
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
  {
    category: 'Wallet Sign-In',
    method: 'GET',
    path: '/api/auth/session',
    title: 'Current wallet session',
    description: 'Whether the session cookie is valid, and for which wallet.',
    service: 'gateway',
    authentication: 'Session cookie (optional)',
    responses: [
      {
        status: 200,
        description: 'The session, or authenticated false',
        schema: SessionReplySchema,
        example: { success: true, authenticated: true, address: ADDRESS, expiresAt: EXPIRES },
      },
    ],
  },
  {
    category: 'Wallet Sign-In',
    method: 'POST',
    path: '/api/auth/logout',
    title: 'Sign out',
    description: 'Revokes the wallet session and clears its cookie. Succeeds without a session too.',
    service: 'gateway',
    authentication: 'Session cookie (optional)',
    responses: [{ status: 200, description: 'Signed out', schema: SuccessReplySchema, example: { success: true } }],
  },
];
