import type { LinkedNode, NodeStateOrUnknown } from '@shm/contracts';

export type BadgeSeverity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | null;

export interface NodeStateLook {
  label: string;
  /** PrimeReact Tag severity; null is the theme's indigo. Each shade carries white text at 4.5:1 or more. */
  severity: BadgeSeverity;
  icon: string;
}

/** The badge of each state: words and an icon, so the colour is never the only sign. */
export const NODE_STATE_LOOK: Record<NodeStateOrUnknown, NodeStateLook> = {
  active: { label: 'Active', severity: 'success', icon: 'pi pi-check-circle' },
  syncing: { label: 'Syncing', severity: 'info', icon: 'pi pi-sync' },
  standby: { label: 'Standby', severity: null, icon: 'pi pi-clock' },
  gone: { label: 'Gone', severity: 'danger', icon: 'pi pi-times-circle' },
  unknown: { label: 'Unknown', severity: 'secondary', icon: 'pi pi-question-circle' },
};

const SECONDS_PER_DAY = 86_400;
const plural = (count: number, unit: string) => `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long something has lasted, in its largest whole unit (rounded down: "3 h" means at least three
 * hours): under a minute, minutes, hours below a day, then days.
 */
export function formatElapsed(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 60) return 'under a minute';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < SECONDS_PER_DAY) return `${Math.floor(seconds / 3600)} h`;
  return plural(Math.floor(seconds / SECONDS_PER_DAY), 'day');
}

/** A wait-to-active figure in days, rounded up ("within" must hold): one decimal below 10 days. */
export function formatWaitDays(days: number): string {
  const shown = days < 10 ? Math.ceil(Number((days * 10).toFixed(9))) / 10 : Math.ceil(Number(days.toFixed(9)));
  return `${shown.toLocaleString('en-US')} ${shown === 1 ? 'day' : 'days'}`;
}

/** "Active for 3 h", "In standby 9 days", "Syncing for 12 min", "Gone for 2 days"; null while the time is unknown. */
export function timeInStateText(state: NodeStateOrUnknown, seconds: number | null): string | null {
  if (state === 'unknown' || seconds === null) return null;
  const elapsed = formatElapsed(seconds);
  if (state === 'standby') return `In standby ${elapsed}`;
  return `${NODE_STATE_LOOK[state].label} for ${elapsed}`;
}

/**
 * A standby node's wait against the network's (issue 19): "In standby 9 days; half of nodes are
 * selected within 4.5 days", with 9 in 10 when known, and a word when it has waited longer than that.
 */
export function standbyWaitText(wait: NonNullable<LinkedNode['standbyWait']>): string {
  const waited = `In standby ${formatElapsed(wait.waitedDays * SECONDS_PER_DAY)}`;
  if (wait.p50Days === null) return `${waited}; how long nodes wait to be selected is not known yet (it needs more rotation history).`;
  const p90 = wait.p90Days === null ? '' : `, 9 in 10 within ${formatWaitDays(wait.p90Days)}`;
  const longer = wait.p90Days !== null && wait.waitedDays > wait.p90Days ? ' This node has waited longer than 9 in 10 nodes do.' : '';
  return `${waited}; half of nodes are selected within ${formatWaitDays(wait.p50Days)}${p90}.${longer}`;
}

/** A key as a row shows it: the first and last 8 of its 64 characters. */
export const shortenKey = (key: string) => (key.length > 20 ? `${key.slice(0, 8)}…${key.slice(-8)}` : key);
