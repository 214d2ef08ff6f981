import { mountRoute } from '@shm/platform';
import { Router } from 'express';
import { API_ENDPOINTS, apiDocsContract } from '@shm/contracts';
import { toDocEntries } from '../../domain/api-docs/doc-entries';
import { buildOpenApi } from '../../domain/api-docs/openapi';
import { callerOf } from './caller';

/** GET /api/endpoints and GET /api/openapi.json, both from the one registry (contracts API_ENDPOINTS). */
export function docsRoutes({ publicOrigin, version }: { publicOrigin: string; version: string }): Router {
  const router = Router();
  const publicEntries = toDocEntries(API_ENDPOINTS, false);
  const adminEntries = toDocEntries(API_ENDPOINTS, true);
  const openApi = buildOpenApi(API_ENDPOINTS, { serverUrl: publicOrigin, version });

  mountRoute(router, apiDocsContract.endpoints, (_req, res) => {
    const isAdmin = callerOf(res).admin;
    res.setHeader('Cache-Control', 'no-store');
    res.json(apiDocsContract.endpoints.reply.parse({ success: true, endpoints: isAdmin ? adminEntries : publicEntries, isAdmin }));
  });

  mountRoute(router, apiDocsContract.openApi, (_req, res) => {
    res.json(openApi);
  });

  return router;
}
