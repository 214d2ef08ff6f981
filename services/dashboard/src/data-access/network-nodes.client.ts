import { MAX_NODE_LOOKUP, NodeLookupReplySchema, networkContract, type NodeLookupReply, type NodeStatus } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { NodeLookup } from '../domain/ports';

/**
 * The network service's batch lookup (POST /api/shardeum-network/nodes), its reply checked against
 * the contract. Any failure (refused, timed out, a non-2xx, a reply off the contract) is logged and
 * answered as null: the portfolio still lists, its linked entries without a status.
 */
export function networkNodesClient(networkUrl: string, timeoutMs: number, logger: Logger): NodeLookup {
  const url = `${networkUrl}${networkContract.nodes.path}`;

  async function ask(publicKeys: string[]): Promise<NodeLookupReply> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ publicKeys }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the network service answered ${res.status}`);
    return NodeLookupReplySchema.parse(await res.json());
  }

  return {
    async lookup(publicKeys): Promise<NodeStatus[] | null> {
      if (publicKeys.length === 0) return [];
      // A wallet links at most MAX_NODE_LOOKUP nodes, so this is one request; the split only guards the contract's bound.
      const batches: string[][] = [];
      for (let i = 0; i < publicKeys.length; i += MAX_NODE_LOOKUP) batches.push(publicKeys.slice(i, i + MAX_NODE_LOOKUP));
      try {
        return (await Promise.all(batches.map(ask))).flatMap((reply) => reply.nodes);
      } catch (err) {
        logger.warn({ reason: (err as Error).message, keys: publicKeys.length }, 'node lookup failed: linked portfolio entries list without their state');
        return null;
      }
    },
  };
}
