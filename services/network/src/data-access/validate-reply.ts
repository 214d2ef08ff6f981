import type { z } from 'zod';
import { UpstreamError } from './upstream-http';

/** Parses an outside reply with its schema; a mismatch names the first bad field. */
export function validateReply<S extends z.ZodType>(schema: S, reply: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(reply);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UpstreamError(`${what}: unexpected reply (${issue?.path.join('.') || 'root'}: ${issue?.message})`);
}
