import { z } from 'zod';
import { RefusedReplyError } from '../domain/archiver-quorum';
import type { CycleCountsSource } from '../domain/ports';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

const count = z.number().int().min(0).max(10_000_000);

/**
 * `shardeum_getCycleInfo` as shardeum/json-rpc-server (branch expose-network-info, 4dfea37,
 * src/api.ts) builds it from the latest cycle record: `cycleCounter`, `nodes: {active, standby,
 * syncing}` and a top-level `desired`. The older shape guessed from third-party clients (`counter`,
 * `nodes.desired`) is not accepted: no server we can read sends it.
 *
 * The same branch has `shardeum_getNetworkAccount`, whose `reward.amount` and `requiredStake.amount`
 * are the raw hex `value` of the USD-pegged 1e18-unit bigints labelled `currency: "shm"`; taken as
 * SHM they would be wrong twice over (unscaled and not converted), so this service never reads it and
 * takes the network account from the archivers only.
 */
const CycleInfoRpcReplySchema = z.union([
  z.object({
    result: z.object({
      cycleInfo: z.object({
        cycleCounter: count,
        nodes: z.object({ active: count, standby: count, syncing: count.optional() }),
        desired: count.optional(),
        duration: z.number().positive().max(86_400).optional(),
      }),
    }),
  }),
  z.object({ error: z.object({ code: z.number(), message: z.string().max(500) }) }),
]);

/** `eth_chainId` (every Ethereum JSON-RPC): the chain id as 0x-hex. */
const ChainIdReplySchema = z.union([
  z.object({ result: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/) }),
  z.object({ error: z.object({ code: z.number(), message: z.string().max(500) }) }),
]);

/**
 * The Shardeum JSON-RPC, for the rpc_analysis fallback. Each read first asks `eth_chainId`: an RPC
 * of another chain (a testnet's, behind a mainnet name) is refused as `wrong-network`, so its counts
 * never stand in for the configured network's.
 */
export function rpcClient(baseUrl: string, limits: UpstreamLimits, chainId: number): CycleCountsSource {
  return {
    async cycleCounts() {
      const chain = validateReply(ChainIdReplySchema, await fetchJson(upstreamUrl(baseUrl, ''), limits, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), 'rpc');
      if ('error' in chain) throw new UpstreamError(`rpc eth_chainId: ${chain.error.message} (${chain.error.code})`);
      if (Number.parseInt(chain.result, 16) !== chainId) {
        throw new RefusedReplyError('wrong-network', `rpc answers chain ${Number.parseInt(chain.result, 16)}, not ${chainId}`);
      }
      // `null` asks for the latest cycle (the server accepts one number or null).
      const body = { jsonrpc: '2.0', id: 1, method: 'shardeum_getCycleInfo', params: [null] };
      const reply = validateReply(CycleInfoRpcReplySchema, await fetchJson(upstreamUrl(baseUrl, ''), limits, body), 'rpc');
      if ('error' in reply) throw new UpstreamError(`rpc: ${reply.error.message} (${reply.error.code})`);
      const { cycleCounter, nodes, desired, duration } = reply.result.cycleInfo;
      return {
        active: nodes.active,
        standby: nodes.standby,
        ...(nodes.syncing === undefined ? {} : { syncing: nodes.syncing }),
        ...(desired === undefined ? {} : { desired }),
        counter: cycleCounter,
        ...(duration === undefined ? {} : { durationSeconds: duration }),
      };
    },
  };
}
