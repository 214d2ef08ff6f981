/** Timings and limits of the SPA (spec §9). */
export const PROJECTION_DEBOUNCE_MS = 300;
/** Not in the spec: an edit to the calculator's inputs is settled (one history entry) after this pause or a blur. */
export const INPUT_SETTLE_MS = 1_000;
/** How long a 'copied' confirmation shows (spec §9: copy confirmation 2 s). */
export const COPY_CONFIRMATION_MS = 2_000;
export const FEATURE_FLAGS_STALE_MS = 30_000;
/** Network data: refetched every 5 minutes, fresh for 2 (spec §4, §9). */
export const NETWORK_REFETCH_MS = 5 * 60_000;
export const NETWORK_STALE_MS = 2 * 60_000;

export const TOAST_LIFE_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = `Notifications (${TOAST_HOTKEY})`;

/** Wallet and payment timings (spec §4, §9). */
export const BALANCE_TIMEOUT_MS = 10_000;
export const BALANCE_PROVIDER_WAIT_MS = 500;
export const BALANCE_RETRY_DELAY_MS = 1_000;
export const WALLETCONNECT_TIMEOUT_MS = 60_000;
export const SESSION_INFO_POLL_MS = 60_000;
export const SESSION_COUNTDOWN_REFRESH_MS = 60_000;
export const DISCONNECT_SAFETY_TIMEOUT_MS = 10_000;
export const PAYMENT_CONFIRMATIONS = 1;
export const CONFETTI_DURATION_MS = 3_000;
export const CONFETTI_PARTICLES = 80;
/**
 * Not in the spec: when the wallet drops the connection by itself this often within this window, the
 * page calls the connection unstable (spec §8). One drop is ordinary (a wallet that locked).
 */
export const UNSTABLE_WALLET_DROPS = 2;
export const UNSTABLE_WALLET_WINDOW_MS = 60_000;
