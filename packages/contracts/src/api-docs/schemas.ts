import { z } from 'zod';

/** One row of the API documentation page (spec §3 "API endpoint doc entry"). */
export const EndpointDocEntrySchema = z.object({
  category: z.string(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** Path with `{name}` placeholders, e.g. `/api/session/{sessionId}`. */
  path: z.string(),
  title: z.string(),
  description: z.string(),
  authentication: z.string().optional(),
  parameters: z.array(
    z.object({ name: z.string(), type: z.string(), required: z.boolean(), description: z.string() }),
  ),
  requestBody: z.object({ contentType: z.string(), example: z.unknown() }).optional(),
  responses: z.array(z.object({ status: z.number().int(), description: z.string(), example: z.unknown().optional() })),
});
export type EndpointDocEntry = z.infer<typeof EndpointDocEntrySchema>;

export const EndpointsReplySchema = z.object({
  success: z.literal(true),
  endpoints: z.array(EndpointDocEntrySchema),
  /** True when the request carried a valid admin bearer token; admin-only endpoints are listed then. */
  isAdmin: z.boolean(),
});
export type EndpointsReply = z.infer<typeof EndpointsReplySchema>;
