import type { NetworkData } from '@shm/contracts';
import type { NetworkIdentity } from '../archiver-quorum';
import type { CycleHistoryStore, CycleRecord, NetworkHistoryStore, PriceStore, SnapshotStore } from '../ports';

/** The cycle history in memory, with the same rules as the MongoDB one (upserts; a flag is never unset). */
export function memoryHistory(): CycleHistoryStore & { cycles: Map<number, CycleRecord>; flags: Map<string, boolean> } {
  const cycles = new Map<number, CycleRecord>();
  const flags = new Map<string, boolean>();
  const ids = new Map<string, string>();
  let window: { oldest: number; newest: number } | null = null;
  let lastFoundation: number | undefined;
  return {
    cycles,
    flags,
    async saveCycles(records) {
      for (const record of records) {
        cycles.set(record.counter, record);
        for (const node of record.joined) {
          if (node.foundation !== undefined) flags.set(node.publicKey, node.foundation);
          if (node.id) ids.set(node.id, node.publicKey);
        }
      }
    },
    async rememberFlags(nodes) {
      for (const node of nodes) if (node.foundation !== undefined) flags.set(node.publicKey, node.foundation);
    },
    flagsOf: async (keys) => new Map(keys.flatMap((key): [string, boolean][] => [flags.get(key)].filter((flag) => flag !== undefined).map((flag) => [key, flag]))),
    publicKeysOfIds: async (nodeIds) => new Map(nodeIds.flatMap((id): [string, string][] => [ids.get(id)].filter((key) => key !== undefined).map((key) => [id, key]))),
    cyclesSince: async (from) => [...cycles.values()].filter((c) => c.counter >= from).sort((a, b) => a.counter - b.counter),
    cyclesFrom: async (from, limit) => [...cycles.values()].filter((c) => c.counter >= from).sort((a, b) => a.counter - b.counter).slice(0, limit),
    window: async () => window,
    setWindow: async (next) => void (window = next),
    lastKnownFoundation: async () => lastFoundation,
    setLastKnownFoundation: async (count) => void (lastFoundation = count),
    async pruneBefore(counter) {
      for (const key of [...cycles.keys()]) if (key < counter) cycles.delete(key);
    },
  };
}

export function memorySnapshots(initial: NetworkData | null = null): SnapshotStore & { saved: NetworkData[] } {
  let current = initial;
  const saved: NetworkData[] = [];
  return {
    saved,
    get: async () => current,
    save: async (snapshot) => {
      current = snapshot;
      saved.push(snapshot);
    },
  };
}

export const noHistory: NetworkHistoryStore = {
  record: async () => undefined,
  rollUp: async () => undefined,
  read: async (range) => ({ range, bucketSeconds: 300, points: [] }),
};

export const noPrice: PriceStore = { get: async () => null, save: async () => undefined, markStale: async () => undefined };

/** The network identity in memory: `configured`, else the first id learned. */
export function memoryIdentity(configured?: string): NetworkIdentity {
  let held = configured;
  return {
    expected: async () => held,
    learn: async (networkId) => (held ??= networkId),
  };
}
