import { z } from 'zod';
import type { RouteDocs } from '../docs-types';
import { defineRoutes } from '../route';
import { EndpointsReplySchema } from './schemas';

/** This documentation, as the docs page's list and as OpenAPI. */
export const apiDocsContract = defineRoutes({
  endpoints: { method: 'GET', path: '/api/endpoints', service: 'gateway', auth: 'none', cache: 'no-store', reply: EndpointsReplySchema, errors: [] },
  openApi: { method: 'GET', path: '/api/openapi.json', service: 'gateway', auth: 'none', reply: z.object({ openapi: z.literal('3.1.0') }).loose(), errors: [] },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const apiDocsDocs = (): RouteDocs<typeof apiDocsContract> => ({
  endpoints: {
    category: 'Documentation',
    title: 'List the API endpoints',
    description:
      'The entries of this documentation page. Admin-only endpoints are included, and isAdmin is true, when the request carries a valid admin bearer token.',
    authentication: 'Admin bearer token (optional)',
    responses: [
      {
        status: 200,
        description: 'The endpoint list',
        example: {
          success: true,
          isAdmin: false,
          endpoints: [
            {
              category: 'Feature Flags',
              method: 'GET',
              path: '/api/feature-flags',
              title: 'Read the feature flags',
              description: '…',
              parameters: [],
              responses: [{ status: 200, description: 'The flags', example: { success: true, flags: {} } }],
            },
          ],
        },
      },
    ],
  },
  openApi: {
    category: 'Documentation',
    title: 'OpenAPI 3.1 document',
    description: 'The whole API as an OpenAPI 3.1 document, generated from the same contracts as this page.',
    responses: [
      {
        status: 200,
        description: 'The OpenAPI document',
        example: { openapi: '3.1.0', info: { title: 'Shardeum Node Economics API', version: '0.1.0' }, paths: {} },
      },
    ],
  },
});
