import { z } from 'zod';
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

/** The Shardeum JSON-RPC, for the rpc_analysis fallback. */
export function rpcClient(baseUrl: string, limits: UpstreamLimits): CycleCountsSource {
  return {
    async cycleCounts() {
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
