import { z } from 'zod';

/** A port number read from the environment. */
export const portSchema = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/**
 * Parses the environment with a zod schema and fails fast with every bad variable named,
 * so a misconfigured service never starts half-working.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new Error(`Invalid configuration: ${problems}`);
}
