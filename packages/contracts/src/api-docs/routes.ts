import { z } from 'zod';
import { defineRoutes, withSchemas } from '../route';
import { EndpointsReplySchema } from './schemas';

/** This documentation, as the docs page's list and as OpenAPI. */
export const apiDocsRoutes = defineRoutes({
  endpoints: { method: 'GET', path: '/api/endpoints', service: 'gateway', auth: 'none' },
  openApi: { method: 'GET', path: '/api/openapi.json', service: 'gateway', auth: 'none' },
});

export const apiDocsContract = /* @__PURE__ */ withSchemas(apiDocsRoutes, {
  endpoints: { cache: 'no-store', reply: EndpointsReplySchema, errors: [] },
  openApi: { reply: z.object({ openapi: z.literal('3.1.0') }).loose(), errors: [] },
});
