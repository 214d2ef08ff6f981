import type { flagsRoutes } from './routes';
import { DEFAULT_FEATURE_FLAGS } from '../flags/schemas';
import type { RouteDocs } from '../docs-types';

export const flagsDocs: RouteDocs<typeof flagsRoutes> = {
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
};
