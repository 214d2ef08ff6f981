import type { NodeStateStore, TrackedNode } from '../ports';

const copy = (node: TrackedNode): TrackedNode => structuredClone(node);

/**
 * The node states with every node not gone kept in this process between tracking runs, so a run
 * does not read them all again (thousands of documents; a full scan on FerretDB). The copy is used
 * only while the stored tracker is still at the cycle this process saved last: a run on another
 * replica moves it on, and then the next `current()` reads MongoDB again. A save that fails part
 * way drops the copy until a whole run has been saved again.
 */
export function cachedNodeStates(store: NodeStateStore): NodeStateStore {
  let nodes: Map<string, TrackedNode> | undefined;
  /** The tracker's last cycle the copy matches; undefined while it matches none. */
  let validFor: number | undefined;

  return {
    ...store,
    async current() {
      const tracker = await store.tracker();
      if (nodes && tracker && validFor === tracker.lastCycle) return [...nodes.values()].map(copy);
      const loaded = await store.current();
      nodes = new Map(loaded.map((node) => [node.publicKey, copy(node)]));
      validFor = tracker?.lastCycle;
      return loaded;
    },
    async save(changes) {
      validFor = undefined;
      await store.save(changes);
      if (!nodes) return;
      for (const node of [...changes.inserted, ...changes.updated]) {
        if (node.state === 'gone') nodes.delete(node.publicKey);
        else nodes.set(node.publicKey, copy(node));
      }
    },
    async saveTracker(state) {
      await store.saveTracker(state);
      // Only a run that loaded (or kept) the copy and saved its nodes makes it match again.
      if (nodes) validFor = state.lastCycle;
    },
  };
}
