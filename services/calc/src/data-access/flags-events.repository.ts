import { EVENT_SCHEMAS, eventStream, type FeatureFlags } from '@shm/contracts';
import type { Redis } from '@shm/platform';

/**
 * The newest `flags.changed` event, i.e. the flags as last stored (every event carries all of them),
 * or null when no flag was ever changed (all off).
 */
export async function latestFlags(redis: Redis): Promise<{ id: string; flags: FeatureFlags } | null> {
  const [entry] = (await redis.xrevrange(eventStream('flags.changed'), '+', '-', 'COUNT', 1)) as [string, string[]][];
  if (!entry) return null;
  const [id, fields] = entry;
  const parsed = EVENT_SCHEMAS['flags.changed'].safeParse(JSON.parse(fields[fields.indexOf('data') + 1] ?? 'null'));
  return parsed.success ? { id, flags: parsed.data.flags } : null;
}
