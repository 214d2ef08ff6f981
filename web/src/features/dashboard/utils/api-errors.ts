import { ErrorReplySchema } from '@shm/contracts';
import { ApiError } from '../../../lib/api-client';

export const SIGNED_OUT_MESSAGE = 'Your wallet sign-in has ended. Disconnect and connect your wallet again.';

/** A 400's per-field messages (`error.fields`), keyed by field name, to show beside the inputs. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const parsed = ErrorReplySchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? (parsed.data.error.fields ?? {}) : {};
  } catch {
    return {};
  }
}

/**
 * The text under a failure toast: the sign-in hint on 401, the server's own message when it sent
 * one (limit reached, dashboard turned off, a bad field), otherwise `fallback`.
 */
export function failureDetail(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 401) return SIGNED_OUT_MESSAGE;
  return error.serverMessage ?? fallback;
}
