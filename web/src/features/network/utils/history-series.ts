import type { HistoryRange, NetworkHistoryPoint, NetworkHistoryReply } from '@shm/contracts';

export type HistoryKind = 'nodes' | 'price';

export interface SeriesSpec {
  id: string;
  label: string;
  value: (point: NetworkHistoryPoint) => number | null;
}

/** What each history chart draws, in legend order. */
export const SERIES: Record<HistoryKind, SeriesSpec[]> = {
  nodes: [
    { id: 'active', label: 'Active', value: (p) => p.active },
    { id: 'standby', label: 'Standby', value: (p) => p.standby },
    { id: 'community', label: 'Community (active slots)', value: (p) => p.community },
  ],
  price: [{ id: 'price', label: 'SHM price (USD)', value: (p) => p.priceUsd }],
};

export const RANGE_WORDS: Record<HistoryRange, string> = { '24h': 'the last 24 hours', '7d': 'the last 7 days', '30d': 'the last 30 days' };

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

export const formatHistoryValue = (kind: HistoryKind, value: number | null) => (value === null ? '—' : kind === 'price' ? usd.format(value) : count.format(value));

/** Whether a chart has anything to draw: the price may be unknown in every bucket while counts are not. */
export const hasValues = (kind: HistoryKind, reply: NetworkHistoryReply) =>
  reply.points.some((point) => SERIES[kind].some((s) => s.value(point) !== null));

/** The chart's name for screen readers: what it shows over which span, the latest values and each series' range. */
export function historySummary(kind: HistoryKind, reply: NetworkHistoryReply, title: string): string {
  const parts = SERIES[kind].flatMap((spec) => {
    const values = reply.points.map(spec.value).filter((v): v is number => v !== null);
    const latest = values.at(-1);
    if (latest === undefined) return [];
    const low = Math.min(...values);
    const high = Math.max(...values);
    return [`${spec.label} ${formatHistoryValue(kind, latest)} now, between ${formatHistoryValue(kind, low)} and ${formatHistoryValue(kind, high)}`];
  });
  return `${title} over ${RANGE_WORDS[reply.range]}: ${parts.join('; ')}.`;
}

/** 'Nov 25, 14:05' in the visitor's time zone (read when called, not when the module loads). */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
