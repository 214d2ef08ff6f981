import type { ServerResponse } from 'node:http';
import { networkContract, type NodeLookupReply, type NodeStatus } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';

/** up: answers the contract's reply; error: 503; hang: never answers; malformed: 200 off the contract. */
export type StandInMode = 'up' | 'error' | 'hang' | 'malformed';

export interface NetworkStandIn {
  url: string;
  /** The statuses it answers, by lower-case key; any other key is answered as never seen. */
  statuses: Map<string, NodeStatus>;
  /** Every lookup's publicKeys, in the order received. */
  requests: string[][];
  mode: StandInMode;
  stop(): Promise<void>;
}

const neverSeen = (publicKey: string): NodeStatus => ({
  publicKey,
  state: 'unknown',
  since: null,
  firstSeen: null,
  lastChange: null,
  activePeriods: [],
  earnedSHM: 0,
});

/** A small HTTP server in place of the network service's node lookup (POST /api/shardeum-network/nodes). */
export async function startNetworkStandIn(): Promise<NetworkStandIn> {
  const hanging: ServerResponse[] = [];
  const standIn: Omit<NetworkStandIn, 'url' | 'stop'> = { statuses: new Map(), requests: [], mode: 'up' };
  const server: RunningServer = await listen((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== networkContract.nodes.path) {
        res.writeHead(404).end();
        return;
      }
      const { publicKeys } = JSON.parse(body) as { publicKeys: string[] };
      standIn.requests.push(publicKeys);
      if (standIn.mode === 'hang') return void hanging.push(res);
      if (standIn.mode === 'error') {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Node states are unavailable right now' } }));
        return;
      }
      const reply: NodeLookupReply = {
        success: true,
        nodes: publicKeys.map((k) => standIn.statuses.get(k.toLowerCase()) ?? neverSeen(k.toLowerCase())),
        trackedCycle: 61_234,
        trackedAt: '2026-01-30T23:59:00.000Z',
      };
      const sent = standIn.mode === 'malformed' ? { success: true, nodes: reply.nodes.map((n) => ({ ...n, state: 'sleeping' })) } : reply;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sent));
    });
  }, 0);
  return Object.assign(standIn, {
    url: server.url,
    async stop() {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  });
}
