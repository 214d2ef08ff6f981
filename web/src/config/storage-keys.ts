/** Browser localStorage keys (spec §3). */
export const STORAGE_KEYS = {
  /** The admin bearer token, restored on page load (spec §4 "Admin session"). */
  adminToken: 'adminToken',
} as const;
