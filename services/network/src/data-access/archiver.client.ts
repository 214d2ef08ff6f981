import type { ArchiverPort, CycleCounts } from '../domain/ports';
import { CycleInfoReplySchema, NetworkAccountReplySchema, NodeListReplySchema } from './archiver.schemas';
import { fetchJson, upstreamUrl, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

/** Shardeum archiver HTTP API (shardeum/archiver src/API.ts); every reply validated before use. */
export function archiverClient(limits: UpstreamLimits): ArchiverPort {
  const get = (base: string, path: string, query?: Record<string, string>) => fetchJson(upstreamUrl(base, path, query), limits);

  return {
    async cycleCounts(base): Promise<CycleCounts> {
      const reply = validateReply(CycleInfoReplySchema, await get(base, '/cycleinfo/1'), 'cycleinfo');
      const latest = reply.cycleInfo.reduce((a, b) => (b.counter > a.counter ? b : a));
      return {
        active: latest.active,
        standby: latest.standby,
        syncing: latest.syncing,
        desired: latest.desired,
        counter: latest.counter,
        durationSeconds: latest.duration,
      };
    },
    async activeNodeFlags(base) {
      const reply = validateReply(NodeListReplySchema, await get(base, '/full-nodelist', { activeOnly: 'true' }), 'full-nodelist');
      return reply.nodeList.map((node) => node.foundationNode);
    },
    async standbyCount(base) {
      const reply = validateReply(NodeListReplySchema, await get(base, '/full-nodelist', { standbyOnly: 'true' }), 'full-nodelist');
      return reply.nodeList.length;
    },
    async networkAccount(base) {
      const reply = validateReply(NetworkAccountReplySchema, await get(base, '/get-network-account', { hash: 'false' }), 'network account');
      return reply.networkAccount;
    },
  };
}
