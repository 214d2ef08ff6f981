import { isIPv6 } from 'node:net';
import type { z } from 'zod';
import type { ArchiverEndpoint, ArchiverPort, ArchiverSeed, CycleRecord, ListedNode } from '../domain/ports';
import { toCycleRecord } from './archiver.cycle-record';
import { ArchiverListReplySchema, ArchiverRefusalSchema, CycleInfoReplySchema, NetworkAccountReplySchema, NodeListReplySchema, readAccountWatch } from './archiver.schemas';
import {
  claimedOwner,
  generateRequestKey,
  initShardusCrypto,
  requestKeyFromSecret,
  signRequest,
  UntrustedReplyError,
  verifySigned,
  type RequestKey,
} from './shardus-crypto';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from './upstream-http';
import { validateReply } from './validate-reply';

/** shardeum/archiver `MAX_CYCLES_PER_REQUEST` (its default config): more is refused or cut. */
const MAX_CYCLES = 100;

export interface ArchiverClientOptions {
  /** The Shardus hash key the archivers sign with (config `ARCHIVER_HASH_KEY`). */
  hashKey?: string;
  /** The key signed requests go out with; a fresh one per process when absent. */
  requestKey?: RequestKey;
  /** The same given as its secret half alone (config `ARCHIVER_REQUEST_SECRET_KEY`, 128 hex). */
  requestSecretKey?: string;
}

const toUrl = (ip: string, port: number) => `http://${isIPv6(ip) ? `[${ip}]` : ip}:${port}`;

/** The seed's host and port as an archiver list would name them (brackets off IPv6, default ports filled in). */
function hostPortOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  return { host: parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port };
}

const asRefusal = (raw: unknown) => {
  const refusal = ArchiverRefusalSchema.safeParse(raw);
  return refusal.success ? refusal.data : undefined;
};

/**
 * The Shardeum archiver HTTP API (shardeum/archiver src/API.ts). Every reply is first checked to be
 * signed by the archiver's own key (the one the signed archiver list names), then validated, then
 * mapped; so a reply changed on the way, or served by anyone else, is refused before it is read.
 */
export function archiverClient(limits: UpstreamLimits, options: ArchiverClientOptions = {}): ArchiverPort {
  initShardusCrypto(options.hashKey);
  const requestKey =
    options.requestKey ?? (options.requestSecretKey ? requestKeyFromSecret(options.requestSecretKey) : generateRequestKey());

  /** A signed reply, its signature checked, not yet validated. */
  async function signedRaw(archiver: ArchiverEndpoint, what: string, path: string, query?: Record<string, string>): Promise<unknown> {
    const raw = await fetchJson(upstreamUrl(archiver.url, path, query), limits);
    // An unsigned refusal carries nothing we would use; its text only helps the operator.
    const refusal = asRefusal(raw);
    if (refusal && !('sign' in (raw as object))) throw new UpstreamError(`${what}: archiver refused (${refusal.error})`);
    verifySigned(raw, archiver.publicKey, what);
    return raw;
  }

  async function signedReply<S extends z.ZodType>(
    archiver: ArchiverEndpoint,
    schema: S,
    what: string,
    path: string,
    query?: Record<string, string>,
  ): Promise<z.infer<S>> {
    return validateReply(schema, await signedRaw(archiver, what, path, query), what);
  }

  const nodeList = async (archiver: ArchiverEndpoint, query: Record<string, string>): Promise<ListedNode[]> => {
    const reply = await signedReply(archiver, NodeListReplySchema, 'full-nodelist', '/full-nodelist', query);
    return reply.nodeList.map((node) => ({
      publicKey: node.publicKey,
      ...(node.id === undefined ? {} : { id: node.id }),
      ...(node.foundationNode === undefined ? {} : { foundation: node.foundationNode }),
    }));
  };

  return {
    async archivers(seed: ArchiverSeed) {
      const raw = await fetchJson(upstreamUrl(seed.url, '/archivers'), limits);
      // Unpinned, the only key to check against is the one the reply claims; it is tied to the seed below.
      const owner = seed.publicKey ?? claimedOwner(raw, 'archivers');
      verifySigned(raw, owner, 'archivers');
      const { activeArchivers } = validateReply(ArchiverListReplySchema, raw, 'archivers');
      if (!seed.publicKey) {
        const { host, port } = hostPortOf(seed.url);
        const atSeed = activeArchivers.some((a) => a.publicKey.toLowerCase() === owner && a.ip.toLowerCase() === host && a.port === port);
        if (!atSeed) throw new UntrustedReplyError(`archivers: the list is not signed by an archiver it lists at ${host}:${port}`);
      }
      return activeArchivers.map((a) => ({ url: toUrl(a.ip, a.port), publicKey: a.publicKey.toLowerCase() }));
    },

    async latestCycles(archiver, count): Promise<CycleRecord[]> {
      const n = Math.min(MAX_CYCLES, Math.max(1, Math.floor(count)));
      const reply = await signedReply(archiver, CycleInfoReplySchema, 'cycleinfo', `/cycleinfo/${n}`);
      return reply.cycleInfo.map(toCycleRecord);
    },

    async cycleRange(archiver, start, end): Promise<CycleRecord[]> {
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end - start > MAX_CYCLES) {
        throw new UpstreamError(`cycleinfo: range ${start}..${end} is not 0 ≤ start ≤ end ≤ start + ${MAX_CYCLES}`);
      }
      const body = signRequest({ start, end }, requestKey);
      const raw = await fetchJson(upstreamUrl(archiver.url, '/cycleinfo'), limits, body);
      verifySigned(raw, archiver.publicKey, 'cycleinfo');
      const refusal = asRefusal(raw);
      if (refusal) throw new UpstreamError(`cycleinfo ${start}..${end}: archiver refused (${refusal.error})`);
      return validateReply(CycleInfoReplySchema, raw, 'cycleinfo').cycleInfo.map(toCycleRecord);
    },

    activeNodes: (archiver) => nodeList(archiver, { activeOnly: 'true' }),
    standbyNodes: (archiver) => nodeList(archiver, { standbyOnly: 'true' }),
    syncingNodes: (archiver) => nodeList(archiver, { syncingOnly: 'true' }),

    async networkAccount(archiver) {
      const raw = await signedRaw(archiver, 'network account', '/get-network-account', { hash: 'false' });
      const params = validateReply(NetworkAccountReplySchema, raw, 'network account').networkAccount;
      // The watch's part (current, next, listOfChanges) from the same signed reply.
      const watch = readAccountWatch(raw);
      return watch ? { ...params, watch } : params;
    },
  };
}
