import { z } from 'zod';
import { WalletAddressSchema } from '../common/schemas';
import { FeatureFlagNameSchema, FeatureFlagsSchema } from '../flags/schemas';

/** Admin sign-in (spec §7): a SIWE-format challenge signed by the one admin wallet gives a bearer token. */
export const ADMIN_CHALLENGE_TTL_SECONDS = 300;
/** Spec §9: 20 requests per 15-minute window per IP on every /api/admin route. */
export const ADMIN_RATE_LIMIT = { limit: 20, windowSeconds: 900 } as const;

export const AdminChallengeRequestSchema = z.object({
  walletAddress: WalletAddressSchema.describe('The wallet that will sign the challenge'),
});
export type AdminChallengeRequest = z.infer<typeof AdminChallengeRequestSchema>;

export const AdminChallengeReplySchema = z.object({
  success: z.literal(true),
  challenge: z.string().describe('EIP-4361 message to sign with personal_sign, valid for 5 minutes, once'),
  expiresAt: z.iso.datetime(),
});
export type AdminChallengeReply = z.infer<typeof AdminChallengeReplySchema>;

export const AdminVerifyRequestSchema = z.object({
  walletAddress: WalletAddressSchema.describe('The wallet that signed'),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/, { error: 'Must be a 65-byte 0x-prefixed signature' })
    .describe('personal_sign signature of the challenge'),
  challenge: z.string().min(1).max(4096).describe('The challenge exactly as received'),
});
export type AdminVerifyRequest = z.infer<typeof AdminVerifyRequestSchema>;

export const AdminVerifyReplySchema = z.object({
  success: z.literal(true),
  adminToken: z.string().describe('Opaque bearer token for the admin endpoints'),
  expiresAt: z.iso.datetime(),
});
export type AdminVerifyReply = z.infer<typeof AdminVerifyReplySchema>;

export const AdminFlagUpdateRequestSchema = z.object({
  feature: FeatureFlagNameSchema.describe('Flag name: paymentGate, confetti, networkData or personalizedDashboard'),
  enabled: z.boolean({ error: 'Must be true or false' }).describe('The new value'),
});
export type AdminFlagUpdateRequest = z.infer<typeof AdminFlagUpdateRequestSchema>;

export const AdminFlagsReplySchema = z.object({ success: z.literal(true), flags: FeatureFlagsSchema });
export type AdminFlagsReply = z.infer<typeof AdminFlagsReplySchema>;
