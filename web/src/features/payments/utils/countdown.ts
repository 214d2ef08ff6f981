/**
 * The session countdown (spec §4): 'Xh Ym', 'Ym', 'Less than 1m', or 'Expired' when no time is
 * left. Minutes are rounded down, so the display never promises more time than there is.
 */
export function formatTimeRemaining(hoursRemaining: number): string {
  if (!Number.isFinite(hoursRemaining) || hoursRemaining <= 0) return 'Expired';
  const totalMinutes = Math.floor(hoursRemaining * 60 + 1e-9);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return 'Less than 1m';
}

/** The display before any session info arrives (spec §4). */
export const DEFAULT_TIME_REMAINING = '24h 0m';

/** Hours from `now` until `expiresAt` (ms epoch), never below 0. */
export const hoursUntil = (expiresAt: number, now = Date.now()) => Math.max(0, (expiresAt - now) / 3_600_000);

/** The banner line: 'Session expires in X' or 'Session expired' (spec §2.5). */
export function sessionExpiryText(hoursRemaining: number | null): string {
  if (hoursRemaining === null) return `Session expires in ${DEFAULT_TIME_REMAINING}`;
  const shown = formatTimeRemaining(hoursRemaining);
  return shown === 'Expired' ? 'Session expired' : `Session expires in ${shown}`;
}
