import { ErrorReplySchema } from '../errors';
import type { EndpointResponse } from '../docs-types';

/** Examples and replies the payments endpoint entries share. */
export const WALLET = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
export const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const TX = '0x5e3b3f9a2f0c0f2a9d8b7c6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c';
export const SESSION = '6f1c2b0e-8d3a-4c55-9b7e-2a1d0c9e8f7a';
export const AT = '2026-01-01T12:00:00.000Z';
export const EXPIRES = '2026-01-02T12:00:05.000Z';
export const SIGNED_IN = 'A signed-in wallet (session cookie from POST /api/auth/verify); any wallet named in the path or body must be that wallet.';

export const unauthorized: EndpointResponse = {
  status: 401,
  description: 'No wallet is signed in',
  schema: ErrorReplySchema,
  example: { error: { code: 'UNAUTHORIZED', message: 'Sign in with your wallet first', requestId: '5f0c…' } },
};
export const otherWallet: EndpointResponse = {
  status: 403,
  description: 'The wallet in the path or body is not the signed-in wallet',
  schema: ErrorReplySchema,
  example: { error: { code: 'FORBIDDEN', message: 'walletAddress is not the signed-in wallet', requestId: '5f0c…' } },
};
export const sessionNotFound: EndpointResponse = {
  status: 404,
  description: 'No payment session with this id belongs to the signed-in wallet',
  schema: ErrorReplySchema,
  example: { error: { code: 'NOT_FOUND', message: 'Payment session not found', requestId: '5f0c…' } },
};
export const unavailable: EndpointResponse = {
  status: 503,
  description: 'Redis or MongoDB cannot be reached; try again shortly',
  schema: ErrorReplySchema,
  example: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Payments are unavailable right now; try again shortly', requestId: '5f0c…' } },
};

export const sessionInfo = { isValid: true, hoursRemaining: 23.9986, sessionId: SESSION, expiresAt: EXPIRES, transactionHash: TX };
export const noSession = { isValid: false, hoursRemaining: 0 };

