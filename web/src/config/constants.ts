/** Timings and limits of the SPA (spec §9). */
export const PROJECTION_DEBOUNCE_MS = 300;
export const FEATURE_FLAGS_STALE_MS = 30_000;

export const TOAST_LIFE_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;
