import type { Metrics } from './metrics';
import type { Redis } from './redis';

interface Watched {
  redis: Redis;
  stream: string;
  group: string;
}

interface GroupState {
  stream: string;
  group: string;
  /** Entries of the stream not yet delivered to the group. */
  lag: number;
  /** Entries delivered to a consumer of the group and not acknowledged yet. */
  pending: number;
}

/** XINFO GROUPS answers each group as a flat [name, value, name, value, …] list. */
function fields(flat: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i])] = flat[i + 1];
  return out;
}

/** Redis 7 counts the lag itself; it answers nil when it cannot (entries deleted mid-stream), then the entries after the group's last delivered id are counted. */
async function lagOf(redis: Redis, stream: string, info: Record<string, unknown>): Promise<number> {
  if (typeof info.lag === 'number') return info.lag;
  const lastDelivered = info['last-delivered-id'];
  const after = (await redis.xrange(stream, `(${typeof lastDelivered === 'string' ? lastDelivered : '0-0'}`, '+')) as unknown[];
  return after.length;
}

async function readGroups(watched: readonly Watched[]): Promise<GroupState[]> {
  const byStream = new Map<string, { redis: Redis; groups: Set<string> }>();
  for (const { redis, stream, group } of watched) {
    const entry = byStream.get(stream) ?? { redis, groups: new Set<string>() };
    entry.groups.add(group);
    byStream.set(stream, entry);
  }
  const states: GroupState[] = [];
  for (const [stream, { redis, groups }] of byStream) {
    for (const flat of (await redis.xinfo('GROUPS', stream)) as unknown[][]) {
      const info = fields(flat);
      const group = String(info.name);
      if (!groups.has(group)) continue;
      states.push({ stream, group, lag: await lagOf(redis, stream, info), pending: Number(info.pending ?? 0) });
    }
  }
  return states;
}

const trackers = new WeakMap<Metrics, Set<Watched>>();

/** Both gauges are collected at once by a scrape: they share the read in flight. */
function sharedRead(watched: Set<Watched>) {
  let inFlight: Promise<GroupState[]> | undefined;
  return () =>
    (inFlight ??= readGroups([...watched]).finally(() => {
      inFlight = undefined;
    }));
}

function trackerOf(metrics: Metrics): Set<Watched> {
  let watched = trackers.get(metrics);
  if (watched) return watched;
  watched = new Set();
  trackers.set(metrics, watched);
  const read = sharedRead(watched);
  const labelNames = ['stream', 'group'] as const;
  metrics.gauge({
    name: 'event_consumer_lag',
    help: 'Events of the stream not yet delivered to this consumer group (XINFO GROUPS lag), read at scrape time',
    labelNames,
    collect: async () => (await read()).map(({ stream, group, lag }) => ({ labels: { stream, group }, value: lag })),
  });
  metrics.gauge({
    name: 'event_consumer_pending',
    help: 'Events delivered to this consumer group and not acknowledged yet (a handler still at work, failing, or a consumer gone)',
    labelNames,
    collect: async () => (await read()).map(({ stream, group, pending }) => ({ labels: { stream, group }, value: pending })),
  });
  return watched;
}

/**
 * Exports the lag and pending count of one consumer group on each of `streams` while the consumer
 * runs: the groups of consumers that stopped (a pod gone) are never reported by anyone, so alerts
 * see only live consumers. Returns the function that stops the export.
 */
export function exportConsumerLag(metrics: Metrics, redis: Redis, streams: readonly string[], group: string): () => void {
  const watched = trackerOf(metrics);
  const mine = streams.map((stream) => ({ redis, stream, group }));
  for (const entry of mine) watched.add(entry);
  return () => {
    for (const entry of mine) watched.delete(entry);
  };
}
