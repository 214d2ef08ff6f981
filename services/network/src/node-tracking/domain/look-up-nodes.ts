import type { NodeLookupReply } from '@shm/contracts';
import { nodeStatus } from './earned-shm';
import type { NodeStateStore } from '../ports';

/**
 * The tracked state of each key asked (already lower-case), each key once in the order first asked;
 * a key the tracker never saw is `unknown`. Earnings are worked out now, so an open period counts
 * up to this moment.
 */
export async function lookUpNodes(states: NodeStateStore, publicKeys: string[], retentionDays: number, now: Date): Promise<NodeLookupReply> {
  const keys = [...new Set(publicKeys)];
  const [tracker, nodes] = await Promise.all([states.tracker(), states.byKeys(keys)]);
  const byKey = new Map(nodes.map((node) => [node.publicKey, node]));
  const rates = tracker?.rates ?? [];
  return {
    success: true,
    nodes: keys.map((key) => nodeStatus(key, byKey.get(key), rates, retentionDays, now, tracker)),
    trackedCycle: tracker?.lastCycle ?? null,
    trackedAt: tracker?.lastCycleAt ?? null,
  };
}
