import { EVENT_SCHEMAS, eventStream, type EventName, type EventPayload } from '@shm/contracts';
import { exportConsumerLag } from './event-lag';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Redis } from './redis';

/** Roughly how many events each stream keeps for replay. */
const STREAM_MAX_LEN = 10_000;
/** A handler that fails this often on one event parks it in the dead-letter stream, so one bad event cannot stall a group. */
const MAX_ATTEMPTS = 5;
/** Where events a group could not handle are kept (with the group, the error and the payload) for an operator. */
export const DEAD_LETTER_STREAM = 'events:dead-letter';

/** Appends an event after checking it against its contract; returns the stream entry id. */
export async function publishEvent<N extends EventName>(redis: Redis, name: N, payload: EventPayload<N>): Promise<string> {
  const data = EVENT_SCHEMAS[name].parse(payload);
  const id = await redis.xadd(eventStream(name), 'MAXLEN', '~', String(STREAM_MAX_LEN), '*', 'data', JSON.stringify(data));
  return id as string;
}

export type EventHandlers = { [N in EventName]?: (payload: EventPayload<N>, id: string) => Promise<void> | void };

export interface ConsumerOptions {
  /** Consumer group: every group sees every event once; consumers in a group share the work. */
  group: string;
  consumer: string;
  handlers: EventHandlers;
  logger: Logger;
  blockMs?: number;
  /**
   * An event another consumer of the group read but has not acknowledged for this long (it died
   * mid-handler) is claimed by this one (XAUTOCLAIM) and handled again. Handlers must be idempotent.
   */
  reclaimIdleMs?: number;
  /** Exports the group's lag on each stream (`event_consumer_lag`) while this consumer runs. */
  metrics?: Metrics;
}

type StreamReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * Consumes events with a consumer group, starting from the oldest kept event the first time the
 * group exists (replay), acking each one after its handler succeeds. Unacked events (a crash
 * mid-handler) are retried first on the next loop. Takes its own connection for the blocking reads.
 */
export async function consumeEvents(redis: Redis, options: ConsumerOptions): Promise<{ stop(): Promise<void> }> {
  const { group, consumer, handlers, logger, blockMs = 2000, reclaimIdleMs = 30_000 } = options;
  const names = Object.keys(handlers) as EventName[];
  const streams = names.map(eventStream);
  const nameOf = new Map(names.map((name) => [eventStream(name), name]));
  const connection = redis.duplicate();
  const attempts = new Map<string, number>();
  for (const stream of streams) {
    try {
      await connection.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (err) {
      if (!(err instanceof Error && err.message.includes('BUSYGROUP'))) throw err;
    }
  }
  const stopLagExport = options.metrics ? exportConsumerLag(options.metrics, redis, streams, group) : () => {};

  async function handle(stream: string, id: string, fields: string[]): Promise<void> {
    const name = nameOf.get(stream);
    // Redis answers only for the streams read; anything else is a bug the read loop logs.
    if (name === undefined) throw new Error(`read an entry of ${stream}, which no handler consumes`);
    const raw = fields[fields.indexOf('data') + 1] ?? 'null';
    try {
      const payload = EVENT_SCHEMAS[name].parse(JSON.parse(raw));
      await (handlers[name] as (p: unknown, id: string) => Promise<void> | void)(payload, id);
      await connection.xack(stream, group, id);
      attempts.delete(id);
    } catch (err) {
      const count = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, count);
      logger.error({ err, event: name, id, attempt: count }, 'event handler failed');
      if (count >= MAX_ATTEMPTS) {
        logger.error({ event: name, id, group }, 'event parked in the dead-letter stream after repeated failures');
        const reason = err instanceof Error ? err.message : String(err);
        await connection.xadd(DEAD_LETTER_STREAM, 'MAXLEN', '~', String(STREAM_MAX_LEN), '*', 'event', name, 'id', id, 'group', group, 'error', reason, 'data', raw);
        await connection.xack(stream, group, id);
        attempts.delete(id);
      }
    }
  }

  /** Takes over what dead consumers of the group left unacknowledged; it then shows among our own pending entries. */
  let lastReclaim = 0;
  async function reclaimAbandoned(): Promise<void> {
    if (Date.now() - lastReclaim < Math.min(reclaimIdleMs, 5_000)) return;
    lastReclaim = Date.now();
    for (const stream of streams) {
      const [, claimed] = (await connection.xautoclaim(stream, group, consumer, reclaimIdleMs, '0-0', 'COUNT', 50)) as [string, unknown[]];
      if (claimed.length) logger.warn({ stream, group, count: claimed.length }, 'reclaimed events a stopped consumer left unacknowledged');
    }
  }

  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        await reclaimAbandoned();
        // Our own unacked entries first (after a crash or a failed handler), then new ones.
        const pending = (await connection.xreadgroup(
          'GROUP', group, consumer, 'COUNT', 50, 'STREAMS', ...streams, ...streams.map(() => '0'),
        )) as StreamReply;
        const hasPending = pending?.some(([, entries]) => entries.length > 0);
        const reply = hasPending
          ? pending
          : ((await connection.xreadgroup(
              'GROUP', group, consumer, 'COUNT', 50, 'BLOCK', blockMs, 'STREAMS', ...streams, ...streams.map(() => '>'),
            )) as StreamReply);
        for (const [stream, entries] of reply ?? []) {
          for (const [id, fields] of entries) if (running) await handle(stream, id, fields);
        }
        if (hasPending) await new Promise((r) => setTimeout(r, 200));
      } catch (err) {
        if (!running) break;
        logger.warn({ err: (err as Error).message, group }, 'event read failed; retrying');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();

  return {
    async stop() {
      running = false;
      stopLagExport();
      connection.disconnect();
      await loop;
    },
  };
}

/**
 * The events of `name` a group has not handled yet, oldest first (at most the newest `count`): those
 * after its last delivered id, and those delivered but not acknowledged (a consumer at work, failing,
 * or gone). For a reader that cannot wait for its consumer (calc, when a wallet's grant may be on its
 * way): it applies them itself, so handlers must be idempotent. Without the group, the newest `count`.
 */
export async function unhandledEvents<N extends EventName>(redis: Redis, name: N, group: string, count = 1000): Promise<{ id: string; payload: EventPayload<N> }[]> {
  const stream = eventStream(name);
  if (!(await redis.exists(stream))) return [];
  let from = '-';
  const groups = (await redis.xinfo('GROUPS', stream)) as unknown[][];
  const mine = groups.map((flat) => Object.fromEntries(flat.flatMap((value, i) => (i % 2 ? [] : [[String(value), flat[i + 1]]])))).find((info) => info.name === group);
  if (mine) {
    const [pending, oldestPending] = (await redis.xpending(stream, group)) as [number, string | null];
    from = pending > 0 && oldestPending ? oldestPending : `(${String(mine['last-delivered-id'])}`;
  }
  const entries = (await redis.xrevrange(stream, '+', from, 'COUNT', count)) as [string, string[]][];
  const events: { id: string; payload: EventPayload<N> }[] = [];
  for (const [id, fields] of entries.reverse()) {
    const parsed = EVENT_SCHEMAS[name].safeParse(JSON.parse(fields[fields.indexOf('data') + 1] ?? 'null'));
    if (parsed.success) events.push({ id, payload: parsed.data as EventPayload<N> });
  }
  return events;
}
