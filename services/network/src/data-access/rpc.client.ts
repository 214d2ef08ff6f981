import { z } from 'zod';
import type { CycleCountsSource } from '../domain/ports';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

const count = z.number().int().min(0).max(10_000_000);

/** `shardeum_getCycleInfo` as third-party clients of api.shardeum.org use it (no official spec found). */
const CycleInfoRpcReplySchema = z.union([
  z.object({
    result: z.object({
      cycleInfo: z.object({
        counter: count.optional(),
        duration: z.number().positive().max(86_400).optional(),
        nodes: z.object({ active: count, standby: count, syncing: count.optional(), desired: count.optional() }),
      }),
    }),
  }),
  z.object({ error: z.object({ code: z.number(), message: z.string().max(500) }) }),
]);

/** The Shardeum JSON-RPC, for the rpc_analysis fallback. */
export function rpcClient(baseUrl: string, limits: UpstreamLimits): CycleCountsSource {
  return {
    async cycleCounts() {
      const body = { jsonrpc: '2.0', id: 1, method: 'shardeum_getCycleInfo', params: [null] };
      const reply = validateReply(CycleInfoRpcReplySchema, await fetchJson(upstreamUrl(baseUrl, ''), limits, body), 'rpc');
      if ('error' in reply) throw new UpstreamError(`rpc: ${reply.error.message} (${reply.error.code})`);
      const { nodes, counter, duration } = reply.result.cycleInfo;
      return { ...nodes, counter, durationSeconds: duration };
    },
  };
}
