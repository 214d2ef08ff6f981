import type { CommunitySplit, LiveOrigin } from '@shm/contracts';

/**
 * Words for where a live network figure came from and how far it can be trusted; the network page
 * and the calculator both say them, so they read the same on both.
 */

const DASH = '—';

/** How old a reading is, relative to `now`: 'just now', '2 min ago', '5 h ago', '3 days ago'. */
export function formatAge(at: string, now: number): string {
  const then = Date.parse(at);
  if (Number.isNaN(then)) return DASH;
  // A reading from a clock slightly ahead of this one is still a fresh reading.
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** A duration in hours: '< 1 h', '5.2 h', and in days past two days ('3.4 days'), where hours stop reading well. */
export function formatHours(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) return DASH;
  if (hours < 1) return '< 1 h';
  if (hours <= 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

export const ORIGIN_LABELS: Record<LiveOrigin, string> = {
  archiver: 'Archiver',
  rpc: 'JSON-RPC',
  explorer: 'Explorer',
  'cycle-history': 'Cycle history',
  estimate: 'Estimate',
};

/** The host of a source's URL ('35.238.248.68:4000'); the text itself when it is no URL. */
export function hostOf(from: string): string {
  try {
    return new URL(from).host || from;
  } catch {
    return from;
  }
}

const SOURCE_PHRASES: Record<LiveOrigin, string> = {
  archiver: 'Live from the Shardeum archivers',
  rpc: 'Live from the Shardeum JSON-RPC',
  explorer: 'Live from the Shardeum explorer',
  'cycle-history': 'Live from the kept cycle history',
  estimate: 'Estimated',
};

/** 'Live from the Shardeum archivers' and the like; plain 'Live network data' when the origin is not known. */
export const liveSourcePhrase = (origin: LiveOrigin | undefined) => (origin ? SOURCE_PHRASES[origin] : 'Live network data');

const nodes = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? "node's" : "nodes'"}`;

/** What the network page says about the foundation / community split, by how it was made. */
export function splitNote(split: CommunitySplit): string {
  const total = split.knownFoundation + split.knownCommunity + split.unknown;
  switch (split.method) {
    case 'node-flags':
      return "Exact: every active node's flag is known (from the node list).";
    case 'cycle-history':
      return "Exact: every active node's flag is known (recovered from the cycle history).";
    case 'partial':
      return (
        `${split.unknown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} active nodes' foundation flag is not known yet ` +
        '(their join is older than the cycle history read so far); they are counted as foundation nodes, so community slots are not overstated.'
      );
    case 'last-known':
      return 'This source gives no split; the last known foundation count is used.';
    case 'assumed':
      return 'No split known yet; the documented community share is used.';
  }
}

/** The calculator's shorter line for an estimated split; null when the split is exact. */
export function calculatorSplitNote(split: CommunitySplit): string | null {
  switch (split.method) {
    case 'partial':
      return `Active community nodes is an estimate (${nodes(split.unknown)} foundation flag unknown, counted as foundation).`;
    case 'last-known':
      return 'Active community nodes is an estimate (this source gives no split; the last known foundation count is used).';
    case 'assumed':
      return 'Active community nodes is an estimate (no split known yet; the documented community share is used).';
    default:
      return null;
  }
}
