import type { RouteDocs } from '../docs-types';
import { defineRoutes } from '../route';
import { DEFAULT_FEATURE_FLAGS, FeatureFlagsReplySchema } from './schemas';

export const flagsContract = defineRoutes({
  read: { method: 'GET', path: '/api/feature-flags', service: 'gateway', auth: 'none', cache: 'no-store', reply: FeatureFlagsReplySchema, errors: [] },
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const flagsDocs = (): RouteDocs<typeof flagsContract> => ({
  read: {
    category: 'Feature Flags',
    title: 'Read the feature flags',
    description: 'paymentGate, confetti, networkData and personalizedDashboard; each is off until an admin turns it on.',
    responses: [
      {
        status: 200,
        description: 'The flags',
        example: { success: true, flags: { ...DEFAULT_FEATURE_FLAGS, networkData: true } },
      },
    ],
  },
});
