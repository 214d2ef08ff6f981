import type { NetworkChange, WatchedValues } from '@shm/contracts';
import { isDuplicateKeyError, type Connection } from '@shm/platform/mongo';
import { valuesKey, type ParamChangeSeen } from '../domain/network-watch';
import type { HeldValues, NetworkChangeStore } from '../domain/watch-network';
import type { MinimumVersion, MinimumVersions } from '../node-tracking/ports';

interface HeldDoc {
  _id: 'held';
  cycle: number;
  /** As JSON: some parameter names hold a dot (`slashing.enable…`), which a MongoDB field name may not. */
  values: string;
  /** valuesKey(values): what a swap compares (an embedded document's match would depend on key order). */
  key: string;
}
interface ParamDoc extends Omit<ParamChangeSeen, 'id'> {
  _id: string;
  at: Date;
}
interface EventDoc {
  _id: string;
  /** As JSON, for the same reason as the held values. */
  change: string;
  seenAt: Date;
  publishedAt: Date | null;
  claimedAt: Date;
}

/**
 * The network watch's records: `network_watch` (the values held, one document), `network_param_changes`
 * (one document per parameter change, `_id` its id: the unique key that makes a change news once)
 * and `network_changes` (the events, with whether each was published).
 */
export async function networkChangesRepository(connection: Connection): Promise<NetworkChangeStore> {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  const watch = db.collection<HeldDoc>('network_watch');
  const params = db.collection<ParamDoc>('network_param_changes');
  const events = db.collection<EventDoc>('network_changes');
  await events.createIndex({ seenAt: -1 });
  await events.createIndex({ publishedAt: 1, claimedAt: 1 });

  return {
    async held() {
      const doc = await watch.findOne({ _id: 'held' });
      return doc ? { cycle: doc.cycle, values: JSON.parse(doc.values) as WatchedValues } : null;
    },
    async replaceHeld(expected: WatchedValues | null, next: HeldValues) {
      const doc = { cycle: next.cycle, values: JSON.stringify(next.values), key: valuesKey(next.values) };
      try {
        if (expected === null) {
          await watch.insertOne({ _id: 'held', ...doc });
          return true;
        }
        const result = await watch.updateOne({ _id: 'held', key: valuesKey(expected) }, { $set: doc });
        return result.modifiedCount === 1;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    async claimNew(changes, at) {
      const fresh: ParamChangeSeen[] = [];
      // One insert each: the unique _id decides, on every replica alike.
      for (const change of changes) {
        const { id, ...rest } = change;
        try {
          await params.insertOne({ _id: id, ...rest, at });
          fresh.push(change);
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
      return fresh;
    },
    async saveEvent(change) {
      const at = new Date(change.seenAt);
      await events.updateOne({ _id: change.id }, { $setOnInsert: { change: JSON.stringify(change), seenAt: at, publishedAt: null, claimedAt: at } }, { upsert: true });
    },
    async markPublished(id) {
      await events.updateOne({ _id: id }, { $set: { publishedAt: new Date() } });
    },
    async claimUnpublished(now, staleMs) {
      const claimed: NetworkChange[] = [];
      for (;;) {
        const doc = await events.findOneAndUpdate(
          { publishedAt: null, claimedAt: { $lt: new Date(now.getTime() - staleMs) } },
          { $set: { claimedAt: now } },
          { returnDocument: 'after' },
        );
        if (!doc) return claimed;
        claimed.push(JSON.parse(doc.change) as NetworkChange);
      }
    },
    async latest(limit) {
      return (await events.find({}, { sort: { seenAt: -1, _id: 1 }, limit }).toArray()).map((doc) => JSON.parse(doc.change) as NetworkChange);
    },
  };
}

/**
 * The minimum versions the watch holds and recorded, for the node tracker (node-tracking/ports.ts):
 * `minVersion` in force (dated by the latest recorded change to it whose cycle has come; null when it
 * predates the watch) and each recorded change of it. Two small reads: the held document and the
 * `minVersion` changes (a few a year).
 */
export function minimumVersionsOf(connection: Connection): MinimumVersions {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  const watch = db.collection<HeldDoc>('network_watch');
  const params = db.collection<ParamDoc>('network_param_changes');
  return {
    async read() {
      const [held, docs] = await Promise.all([watch.findOne({ _id: 'held' }), params.find({ parameter: 'minVersion' }).toArray()]);
      const changes: MinimumVersion[] = docs.flatMap((doc) => (typeof doc.to === 'string' ? [{ version: doc.to, cycle: doc.cycle }] : []));
      const version = held ? (JSON.parse(held.values) as WatchedValues).minVersion : undefined;
      if (typeof version !== 'string' || !held) return { inForce: null, changes };
      const dated = changes.filter((change) => change.version === version && change.cycle !== null && change.cycle <= held.cycle);
      const cycle = dated.reduce<number | null>((latest, change) => Math.max(latest ?? 0, change.cycle ?? 0), null);
      return { inForce: { version, cycle }, changes };
    },
  };
}
