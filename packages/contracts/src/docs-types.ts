import type { z } from 'zod';
import { ErrorReplySchema } from './errors';
import type { HttpMethod, ServiceName } from './route';

export type { HttpMethod, ServiceName } from './route';

export interface EndpointResponse {
  status: number;
  description: string;
  /** Left out for the success reply: it is the route's `reply`. */
  schema?: z.ZodType;
  example?: unknown;
}

/** What the docs say about one route; the route object says the rest. */
export interface EndpointDoc {
  category: string;
  title: string;
  description: string;
  authentication?: string;
  bodyExample?: unknown;
  responses: EndpointResponse[];
}

/** Docs for each route of a group, by the same keys (declared beside the group, in its routes file). */
export type RouteDocs<T> = { [K in keyof T]: EndpointDoc };

/** One entry of the API surface: a route object joined with its docs (the docs page and OpenAPI read these). */
export interface EndpointDefinition extends EndpointDoc {
  method: HttpMethod;
  /** Express-style path, e.g. `/api/session/:sessionId`. */
  path: string;
  service: ServiceName;
  /** Needs a valid admin bearer token; listed by GET /api/endpoints only to an admin. */
  adminOnly?: boolean;
  /** Path placeholders (`:name` in `path`), each field `.describe()`d for the docs. */
  pathParams?: z.ZodObject;
  /** Query string fields, each `.describe()`d for the docs. */
  query?: z.ZodObject;
  body?: z.ZodType;
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
