import { z } from 'zod';
import { WalletAddressSchema } from '../common/schemas';

/** Wallet sign-in (EIP-4361) at the gateway: a nonce, a signed message, an HttpOnly session cookie. */
export const SESSION_COOKIE = 'shm_session';

export const NonceReplySchema = z.object({
  success: z.literal(true),
  nonce: z.string().describe('Single-use, alphanumeric; put it in the message as `Nonce`'),
  /** What the message must say, so a client can build it without guessing. */
  domain: z.string().describe('The `domain` the message must name'),
  uri: z.string().describe('The `URI` the message must name'),
  chainId: z.number().int().describe('The `Chain ID` the message must name (8118)'),
  expiresAt: z.iso.datetime().describe('When the nonce stops being accepted'),
});
export type NonceReply = z.infer<typeof NonceReplySchema>;

export const SignInRequestSchema = z.object({
  message: z.string().min(1).max(4096).describe('The EIP-4361 message, exactly as signed'),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'Must be a 65-byte 0x-prefixed signature' })
    .describe('personal_sign signature of the message'),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionReplySchema = z.object({
  success: z.literal(true),
  authenticated: z.boolean(),
  address: WalletAddressSchema.optional().describe('Lower-case address of the signed-in wallet'),
  expiresAt: z.iso.datetime().optional(),
});
export type SessionReply = z.infer<typeof SessionReplySchema>;

export const SuccessReplySchema = z.object({ success: z.literal(true) });
export type SuccessReply = z.infer<typeof SuccessReplySchema>;
