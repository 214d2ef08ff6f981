import { z } from 'zod';

/** Error codes travel to the client and back; never rename one. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  NOT_FOUND: 'NOT_FOUND',
  /** The path exists but not with this method; the reply's `Allow` header lists the methods it takes. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  CONFLICT: 'CONFLICT',
  /** A wallet keeps at most DASHBOARD_LIMITS records of a kind. */
  LIMIT_REACHED: 'LIMIT_REACHED',
  /** The feature flag that enables this endpoint is off. */
  FEATURE_DISABLED: 'FEATURE_DISABLED',
  RATE_LIMITED: 'RATE_LIMITED',
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The process has as many requests in flight as it takes (load shedding): 503, retry after `Retry-After` seconds. */
  OVERLOADED: 'OVERLOADED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorReplySchema = z.object({
  error: z.object({
    code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** Field path (e.g. `params.totalNodes`) → the message for that field. */
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
