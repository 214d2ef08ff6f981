import { z } from 'zod';
import type { CycleCountsSource } from '../domain/ports';
import { fetchJson, upstreamUrl, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

const count = z.number().int().min(0).max(10_000_000);

/** shardeum/explorer-server `GET /api/cycleinfo?count=1`: the latest cycle with its record. */
const ExplorerCycleSchema = z.object({
  cycleRecord: z.object({
    counter: count,
    active: count,
    standby: count,
    syncing: count.optional(),
    desired: count.optional(),
    duration: z.number().positive().max(86_400).optional(),
  }),
});
// One cycle or more, the first the latest (a tuple with a rest: the type says there is a first).
const ExplorerCycleReplySchema = z.object({ success: z.literal(true), cycles: z.tuple([ExplorerCycleSchema], ExplorerCycleSchema) });

/** The Shardeum explorer, for the explorer_api fallback. */
export function explorerClient(baseUrl: string, limits: UpstreamLimits): CycleCountsSource {
  return {
    async cycleCounts() {
      const raw = await fetchJson(upstreamUrl(baseUrl, '/api/cycleinfo', { count: '1' }), limits);
      const [{ cycleRecord }] = validateReply(ExplorerCycleReplySchema, raw, 'explorer').cycles;
      const { active, standby, syncing, desired, counter, duration } = cycleRecord;
      return { active, standby, syncing, desired, counter, durationSeconds: duration };
    },
  };
}
