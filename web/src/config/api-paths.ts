/** Relative API paths; the web server (or the vite dev proxy) forwards /api to the gateway. */
export const API_PATHS = {
  economics: '/api/calculations/economics',
  projections: '/api/calculations/projections',
  shmPrice: '/api/shm-price',
  featureFlags: '/api/feature-flags',
  adminChallenge: '/api/admin/auth/challenge',
  adminVerify: '/api/admin/auth/verify',
  adminLogout: '/api/admin/auth/logout',
  adminFeatureFlags: '/api/admin/feature-flags',
  endpoints: '/api/endpoints',
} as const;
