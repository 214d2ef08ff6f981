import { IDENTITY_HEADER, MAX_WATCHED_KEYS, WatchersReplySchema, dashboardInternalContract } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import type { LinkedEntry, WatcherLookup } from '../domain/ports';

/**
 * The dashboard's internal watchers route (POST /internal/dashboard/watchers), its reply checked
 * against the contract. The caller proves itself with a short-lived token signed with INTERNAL_SECRET
 * (no wallet in it). Any failure rejects: the `nodes.changed` consumer then handles the event again
 * (and parks it in the dead-letter stream after its retries), as it did when MongoDB was away.
 */
/**
 * Keys per lookup. The contract allows MAX_WATCHED_KEYS (500), but 500 keys are a 33.5 kB body, over
 * the dashboard's 32 kB JSON limit: it answered 413 and the whole event was parked (issue 35's bench).
 */
const BATCH = Math.min(MAX_WATCHED_KEYS, 200);

export function watchersClient(dashboardUrl: string, internalSecret: string, timeoutMs: number): WatcherLookup {
  const url = `${dashboardUrl}${dashboardInternalContract.watchers.path}`;
  async function ask(publicKeys: string[]): Promise<LinkedEntry[]> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', [IDENTITY_HEADER]: signIdentity({}, internalSecret) },
      body: JSON.stringify({ publicKeys }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the dashboard answered ${res.status} to the watchers lookup`);
    return WatchersReplySchema.parse(await res.json()).watchers;
  }
  return {
    async linkedTo(publicKeys) {
      const batches: string[][] = [];
      for (let i = 0; i < publicKeys.length; i += BATCH) batches.push(publicKeys.slice(i, i + BATCH));
      return (await Promise.all(batches.map(ask))).flat();
    },
  };
}
