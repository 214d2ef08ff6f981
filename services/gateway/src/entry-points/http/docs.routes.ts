import { Router } from 'express';
import { API_ENDPOINTS, EndpointsReplySchema } from '@shm/contracts';
import { toDocEntries } from '../../domain/api-docs/doc-entries';
import { buildOpenApi } from '../../domain/api-docs/openapi';
import { callerOf } from './caller';

/** GET /api/endpoints and GET /api/openapi.json, both from the one registry (contracts API_ENDPOINTS). */
export function docsRoutes({ publicOrigin, version }: { publicOrigin: string; version: string }): Router {
  const router = Router();
  const publicEntries = toDocEntries(API_ENDPOINTS, false);
  const adminEntries = toDocEntries(API_ENDPOINTS, true);
  const openApi = buildOpenApi(API_ENDPOINTS, { serverUrl: publicOrigin, version });

  router.get('/api/endpoints', (_req, res) => {
    const isAdmin = callerOf(res).admin;
    res.setHeader('Cache-Control', 'no-store');
    res.json(EndpointsReplySchema.parse({ success: true, endpoints: isAdmin ? adminEntries : publicEntries, isAdmin }));
  });

  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApi);
  });

  return router;
}
