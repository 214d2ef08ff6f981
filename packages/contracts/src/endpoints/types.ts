import type { z } from 'zod';
import { ErrorReplySchema } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Every process behind the gateway; the gateway itself answers some paths too. */
export type ServiceName = 'gateway' | 'calc' | 'network' | 'payments' | 'dashboard';

export interface EndpointResponse {
  status: number;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
}

/** One entry of the API surface: the docs page, OpenAPI and the gateway routing all read this list. */
export interface EndpointDefinition {
  category: string;
  method: HttpMethod;
  /** Express-style path, e.g. `/api/session/:sessionId`. */
  path: string;
  title: string;
  description: string;
  service: ServiceName;
  authentication?: string;
  /** Needs a valid admin bearer token; listed by GET /api/endpoints only to an admin. */
  adminOnly?: boolean;
  /** Path placeholders (`:name` in `path`), each field `.describe()`d for the docs. */
  pathParams?: z.ZodObject;
  /** Query string fields, each `.describe()`d for the docs. */
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyExample?: unknown;
  responses: EndpointResponse[];
}

export const validationError: EndpointResponse = {
  status: 400,
  description: 'A field is missing or out of range; `fields` names each one',
  schema: ErrorReplySchema,
  example: {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'params.totalNodes: Must be at least 1',
      fields: { 'params.totalNodes': 'Must be at least 1' },
      requestId: '5f0c…',
    },
  },
};
