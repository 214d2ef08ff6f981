import { z } from 'zod';
import { EndpointsReplySchema } from '../http/docs';
import type { EndpointDefinition } from './types';

export const DOCS_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Documentation',
    method: 'GET',
    path: '/api/endpoints',
    title: 'List the API endpoints',
    description:
      'The entries of this documentation page. Admin-only endpoints are included, and isAdmin is true, when the request carries a valid admin bearer token.',
    service: 'gateway',
    authentication: 'Admin bearer token (optional)',
    responses: [
      {
        status: 200,
        description: 'The endpoint list',
        schema: EndpointsReplySchema,
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
  {
    category: 'Documentation',
    method: 'GET',
    path: '/api/openapi.json',
    title: 'OpenAPI 3.1 document',
    description: 'The whole API as an OpenAPI 3.1 document, generated from the same contracts as this page.',
    service: 'gateway',
    responses: [
      {
        status: 200,
        description: 'The OpenAPI document',
        schema: z.object({ openapi: z.literal('3.1.0') }).loose(),
        example: { openapi: '3.1.0', info: { title: 'Shardeum Node Economics API', version: '0.1.0' }, paths: {} },
      },
    ],
  },
];
