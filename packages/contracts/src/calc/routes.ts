import { defineRoutes, withSchemas } from '../route';
import { LiveDefaultsReplySchema } from '../network/schemas';
import { EconomicsReplySchema, EconomicsRequestSchema, ProjectionReplySchema, ProjectionRequestSchema } from './schemas';

export const calcRoutes = defineRoutes({
  economics: { method: 'POST', path: '/api/calculations/economics', service: 'calc', auth: 'gate' },
  projections: { method: 'POST', path: '/api/calculations/projections', service: 'calc', auth: 'gate' },
  liveDefaults: { method: 'GET', path: '/api/calculations/live-defaults', service: 'calc', auth: 'none' },
});

export const calcContract = /* @__PURE__ */ withSchemas(calcRoutes, {
  economics: { body: EconomicsRequestSchema, reply: EconomicsReplySchema, errors: [400, 403] },
  projections: { body: ProjectionRequestSchema, reply: ProjectionReplySchema, errors: [400, 403] },
  liveDefaults: { reply: LiveDefaultsReplySchema, errors: [] },
});
