import { z } from 'zod';
import { withNetworkPreset } from './network-presets';

/** A port number read from the environment. */
export const portSchema = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * Parses the environment, with `NETWORK`'s preset filled in where it leaves a setting unset
 * (network-presets.ts), with a zod schema and fails fast with every bad variable named, so a
 * misconfigured service never starts half-working.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(withNetworkPreset(env));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`Invalid configuration: ${problems}`);
}

/**
 * With NODE_ENV=production, refuses every setting still at a public development value (the identity
 * secret, the Hardhat dev wallets), so a deployment that forgot one fails at start instead of
 * running with a key anyone can read. Use as the config schema's superRefine.
 */
export function refuseDevValuesInProduction(devValues: Record<string, string>) {
  return (config: { NODE_ENV: string }, ctx: z.RefinementCtx) => {
    if (config.NODE_ENV !== 'production') return;
    for (const [key, dev] of Object.entries(devValues)) {
      const value = (config as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.toLowerCase() === dev.toLowerCase()) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be set in production (the default is a public development value)' });
      }
    }
  };
}
