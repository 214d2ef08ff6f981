import { z } from 'zod';

/** Feature flags (spec §1); every flag is off until loaded. */
export const FEATURE_FLAG_NAMES = ['paymentGate', 'confetti', 'networkData', 'personalizedDashboard'] as const;
export const FeatureFlagNameSchema = z.enum(FEATURE_FLAG_NAMES);
export type FeatureFlagName = z.infer<typeof FeatureFlagNameSchema>;

export const FeatureFlagsSchema = z.object({
  paymentGate: z.boolean(),
  confetti: z.boolean(),
  networkData: z.boolean(),
  personalizedDashboard: z.boolean(),
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
