import type { NetworkChange, NetworkChangesReply, WatchedValues } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import { announcedChanges, changesInForce, figuresOf, groupChanges, valuesKey, type ParamChangeSeen } from './network-watch';
import type { AccountWatch, ArchiverPort } from './ports';

/** The values in force as last held, and the cycle they were read at. */
export interface HeldValues {
  cycle: number;
  values: WatchedValues;
}

/** The network watch's records (MongoDB, data-access/network-changes.repository.ts), shared by every replica. */
export interface NetworkChangeStore {
  held(): Promise<HeldValues | null>;
  /** Replaces the held values only if they are still `expected` (null: none held yet); false when another poll did first. */
  replaceHeld(expected: WatchedValues | null, next: HeldValues): Promise<boolean>;
  /** Records the parameter changes not recorded before (by id) and answers only those: the claim that makes a change news once. */
  claimNew(changes: ParamChangeSeen[], at: Date): Promise<ParamChangeSeen[]>;
  /** Keeps an event to publish (not published yet). */
  saveEvent(event: NetworkChange): Promise<void>;
  markPublished(id: string): Promise<void>;
  /** Events saved but not published, untouched for `staleMs`, claimed for this caller (a failed publish, a crash). */
  claimUnpublished(now: Date, staleMs: number): Promise<NetworkChange[]>;
  latest(limit: number): Promise<NetworkChange[]>;
}

export interface WatchDeps {
  store: NetworkChangeStore;
  publish: (change: NetworkChange) => Promise<void>;
  logger: Logger;
  /** An event not published this long after it was claimed is taken up again by the next poll. */
  retryAfterMs?: number;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function publishEach(deps: WatchDeps, events: NetworkChange[]): Promise<void> {
  for (const event of events) {
    try {
      await deps.publish(event);
      await deps.store.markPublished(event.id);
      deps.logger.info({ change: event.id, cycle: event.cycle, status: event.status }, 'network change published');
    } catch (err) {
      deps.logger.warn({ change: event.id, reason: reason(err) }, 'network change not published; the next poll tries again');
    }
  }
}

/**
 * One poll's look at the network account (docs/network-data.md, "Network watch"). A change is news
 * once: each parameter change is claimed by its id (`parameter@cycle=value`) before it is told, so a
 * retried poll or a second replica finds it claimed; a change of what is in force is seen only by the
 * poll that moves the held values on (compare-and-set). A change announced and later in force has one
 * id, so it is told when announced and not again. Published events are marked; one left unpublished
 * (publish failed, the process died) is claimed again by a later poll; consumers key on the event id.
 */
export async function watchNetwork(deps: WatchDeps, watch: AccountWatch, cycle: number, now: Date): Promise<NetworkChange[]> {
  const { store } = deps;
  await publishEach(deps, await store.claimUnpublished(now, deps.retryAfterMs ?? 120_000));
  const held = await store.held();
  // Only the poll that moves the held values on tells what changed in force (another replica's loses the swap).
  const differs = !held || valuesKey(held.values) !== valuesKey(watch.current);
  const moved = differs && (await store.replaceHeld(held?.values ?? null, { cycle, values: watch.current }));
  const inForce = moved && held ? changesInForce(held.values, watch, cycle) : [];
  const fresh = await store.claimNew([...announcedChanges(watch, cycle), ...inForce], now);
  if (!fresh.length) return [];
  const events = groupChanges(fresh, held?.values ?? watch.current, now.toISOString());
  for (const event of events) await store.saveEvent(event);
  await publishEach(deps, events);
  return events;
}

/** GET /api/shardeum-network/changes. */
export async function networkChanges(store: NetworkChangeStore, limit = 20): Promise<NetworkChangesReply> {
  const [held, changes] = await Promise.all([store.held(), store.latest(limit)]);
  const figures = held ? figuresOf(held.values) : undefined;
  return { success: true, current: held ? { cycle: held.cycle, values: held.values, ...(figures ? { figures } : {}) } : null, changes };
}

/**
 * The archiver port as the poll uses it, keeping the watch part of each network account read: the
 * one the stored snapshot's figures came from is handed to the watch after the poll.
 */
export function tapAccountWatch(archiver: ArchiverPort) {
  const seen = new Map<string, AccountWatch>();
  const tapped: ArchiverPort = {
    ...archiver,
    async networkAccount(from) {
      const params = await archiver.networkAccount(from);
      if (params.watch) seen.set(from.url, params.watch);
      return params;
    },
  };
  return {
    archiver: tapped,
    /** The watch part read from `url` this poll (then forgotten, with the others). */
    take(url: string | undefined): AccountWatch | undefined {
      const watch = url === undefined ? undefined : seen.get(url);
      seen.clear();
      return watch;
    },
  };
}
