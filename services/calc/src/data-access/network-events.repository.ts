import { EVENT_SCHEMAS, eventStream, type NetworkData } from '@shm/contracts';
import type { Redis } from '@shm/platform';

/** The newest `network.updated` event (the network as last polled), or null when there is none. */
export async function latestNetwork(redis: Redis): Promise<{ id: string; network: NetworkData } | null> {
  const [entry] = (await redis.xrevrange(eventStream('network.updated'), '+', '-', 'COUNT', 1)) as [string, string[]][];
  if (!entry) return null;
  const [id, fields] = entry;
  const parsed = EVENT_SCHEMAS['network.updated'].safeParse(JSON.parse(fields[fields.indexOf('data') + 1] ?? 'null'));
  return parsed.success ? { id, network: parsed.data.network } : null;
}
