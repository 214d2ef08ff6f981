import { DEFAULT_FEATURE_FLAGS, FeatureFlagsReplySchema } from '../http/flags';
import type { EndpointDefinition } from './types';

export const FLAGS_ENDPOINTS: EndpointDefinition[] = [
  {
    category: 'Feature Flags',
    method: 'GET',
    path: '/api/feature-flags',
    title: 'Read the feature flags',
    description: 'paymentGate, confetti, networkData and personalizedDashboard; each is off until an admin turns it on.',
    service: 'gateway',
    responses: [
      {
        status: 200,
        description: 'The flags',
        schema: FeatureFlagsReplySchema,
        example: { success: true, flags: { ...DEFAULT_FEATURE_FLAGS, networkData: true } },
      },
    ],
  },
];
