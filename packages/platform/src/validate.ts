import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses input with a contract schema; on failure throws a 400 that names every bad field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput lets a missing field say 'Required' rather than the type message.
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || 'body';
    fields[path] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : issue.message;
  }
  throw AppError.validation(fields);
}
