import { z } from 'zod';

/** Feature flags (spec §1); every flag is off until loaded. */
export const FEATURE_FLAG_NAMES = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'] as const;
export const FeatureFlagNameSchema = z.enum(FEATURE_FLAG_NAMES);
export type FeatureFlagName = z.infer<typeof FeatureFlagNameSchema>;

/**
 * Spec §5: a flags reply is valid with success true and a flags object, and a flag is on only when
 * it is exactly true; so a flag missing or not a boolean reads as off (a page served by a newer
 * build than its gateway keeps working).
 */
const flag = z.boolean().catch(false);
export const FeatureFlagsSchema = z.object({
  paymentGate: flag,
  confetti: flag,
  networkData: flag,
  personalizedDashboard: flag,
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  paymentGate: false,
  confetti: false,
  networkData: false,
  personalizedDashboard: false,
};

export const FeatureFlagsReplySchema = z.object({ success: z.literal(true), flags: FeatureFlagsSchema });
export type FeatureFlagsReply = z.infer<typeof FeatureFlagsReplySchema>;
