/** Relative API paths; the web server (or the vite dev proxy) forwards /api to the gateway. */
export const API_PATHS = {
  economics: '/api/calculations/economics',
  projections: '/api/calculations/projections',
  shmPrice: '/api/shm-price',
  featureFlags: '/api/feature-flags',
} as const;
