import { EVENT_SCHEMAS, eventStream, type EventName, type EventPayload } from '@shm/contracts';
import { consumeEvents } from './events';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Redis } from './redis';

/** Redis stream ids are `ms-seq`; true when `id` comes after `than`. */
export function isNewerStreamId(id: string, than: string | undefined): boolean {
  if (!than) return true;
  const [ms, seq] = id.split('-').map(Number) as [number, number];
  const [thanMs, thanSeq] = than.split('-').map(Number) as [number, number];
  return ms > thanMs || (ms === thanMs && seq > thanSeq);
}

/** The newest kept event of one kind, or null when there is none (or it does not parse). */
export async function newestEvent<N extends EventName>(redis: Redis, name: N): Promise<{ id: string; payload: EventPayload<N> } | null> {
  const [entry] = (await redis.xrevrange(eventStream(name), '+', '-', 'COUNT', 1)) as [string, string[]][];
  if (!entry) return null;
  const [id, fields] = entry;
  const parsed = EVENT_SCHEMAS[name].safeParse(JSON.parse(fields[fields.indexOf('data') + 1] ?? 'null'));
  return parsed.success ? { id, payload: parsed.data as EventPayload<N> } : null;
}

export interface LatestEvent<N extends EventName> {
  /** The payload of the newest event seen, undefined until one exists. */
  current(): EventPayload<N> | undefined;
  stop(): Promise<void>;
}

/**
 * Keeps the newest event of a kind whose every event is the whole truth (`flags.changed`,
 * `network.updated`): reads the newest kept one at start, then follows the stream with its own
 * consumer group. A replayed older event never replaces a newer one.
 */
export async function followLatestEvent<N extends EventName>(
  redis: Redis,
  name: N,
  options: { group: string; logger: Logger; blockMs?: number; metrics?: Metrics; onChange?: (payload: EventPayload<N>) => void },
): Promise<LatestEvent<N>> {
  let latest: { id: string; payload: EventPayload<N> } | null = await newestEvent(redis, name);
  const apply = (payload: EventPayload<N>, id: string) => {
    if (latest && !isNewerStreamId(id, latest.id)) return;
    latest = { id, payload };
    options.onChange?.(payload);
  };
  const consumer = await consumeEvents(redis, {
    group: options.group,
    consumer: options.group,
    logger: options.logger,
    blockMs: options.blockMs,
    metrics: options.metrics,
    handlers: { [name]: apply },
  });
  return { current: () => latest?.payload, stop: () => consumer.stop() };
}
