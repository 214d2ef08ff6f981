import type { NodeStateStore, TrackedNode, TrackerState } from '../../ports';

const copy = <T>(value: T): T => structuredClone(value);

/** The node states in memory, with the MongoDB store's rules (whole documents, copies in and out). */
export function memoryNodeStates(): NodeStateStore & { nodes: Map<string, TrackedNode>; state: () => TrackerState | null; writes: number } {
  const nodes = new Map<string, TrackedNode>();
  let tracker: TrackerState | null = null;
  const store = {
    nodes,
    state: () => tracker,
    writes: 0,
    tracker: async () => (tracker ? copy(tracker) : null),
    saveTracker: async (next: TrackerState) => void (tracker = copy(next)),
    current: async () => [...nodes.values()].filter((n) => n.state !== 'gone').map(copy),
    byKeys: async (keys: string[]) => keys.flatMap((key) => [nodes.get(key)].filter((node) => node !== undefined).map(copy)),
    byIds: async (ids: string[]) => [...nodes.values()].filter((n) => n.id !== undefined && ids.includes(n.id)).map(copy),
    async save({ inserted, updated }: { inserted: TrackedNode[]; updated: TrackedNode[] }) {
      for (const node of [...inserted, ...updated]) nodes.set(node.publicKey, copy(node));
      store.writes += inserted.length + updated.length;
    },
    async pruneGone(before: string) {
      for (const [key, node] of nodes) {
        if (node.state === 'gone' && node.since < before) nodes.delete(key);
      }
    },
  };
  return store;
}
