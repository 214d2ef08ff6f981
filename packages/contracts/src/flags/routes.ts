import { defineRoutes, withSchemas } from '../route';
import { FeatureFlagsReplySchema } from './schemas';

export const flagsRoutes = defineRoutes({
  read: { method: 'GET', path: '/api/feature-flags', service: 'gateway', auth: 'none' },
});

export const flagsContract = /* @__PURE__ */ withSchemas(flagsRoutes, {
  read: { cache: 'no-store', reply: FeatureFlagsReplySchema, errors: [] },
});
