import type { Router } from 'express';
import { API_ENDPOINTS, apiDocsContract } from '@shm/contracts';
import { handler } from '@shm/platform';
import { toDocEntries } from '../../domain/api-docs/doc-entries';
import { buildOpenApi } from '../../domain/api-docs/openapi';
import { gatewayRoutes } from './serve';

/** GET /api/endpoints and GET /api/openapi.json, both from the one registry (contracts API_ENDPOINTS). */
export function docsRoutes({ publicOrigin, version }: { publicOrigin: string; version: string }): Router {
  const publicEntries = toDocEntries(API_ENDPOINTS, false);
  const adminEntries = toDocEntries(API_ENDPOINTS, true);
  const openApi = buildOpenApi(API_ENDPOINTS, { serverUrl: publicOrigin, version });
  return gatewayRoutes([
    handler(apiDocsContract.endpoints, ({ caller: { admin } }) => ({ success: true, endpoints: admin ? adminEntries : publicEntries, isAdmin: admin })),
    handler(apiDocsContract.openApi, () => openApi),
  ]);
}
