import { NodeLookupReplySchema, networkContract } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { NodeMoney } from '../domain/ports';

export interface NodeMoneyOptions {
  /** The network service (NETWORK_URL); empty: no lookup, rotated-out alerts say the figure is not known. */
  networkUrl: string;
  timeoutMs: number;
  /** How long to wait for the tracker to save the period it just published as ended (ALERT_EARNED_WAIT_MS). */
  waitMs: number;
  logger: Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The network service's node lookup (POST /api/shardeum-network/nodes), which works out each active
 * period's earned SHM. The tracker publishes a change before it saves the node (docs/network-data.md,
 * "Node tracking"), so the period may still be open when the alert is composed: the lookup is asked
 * again until the period ending at the change's cycle is there, for at most `waitMs`. Anything else
 * (away, slow, off the contract) answers null and the alert goes without the figure: a late or
 * missing alert would cost more than a missing number.
 */
export function nodeMoneyClient({ networkUrl, timeoutMs, waitMs, logger }: NodeMoneyOptions): NodeMoney {
  const url = `${networkUrl}${networkContract.nodes.path}`;
  async function ended(publicKey: string, endedAt: number): Promise<number | null | undefined> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ publicKeys: [publicKey] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the network service answered ${res.status}`);
    const [node] = NodeLookupReplySchema.parse(await res.json()).nodes;
    const period = node?.activePeriods.find((p) => p.end !== null && Date.parse(p.end) === endedAt);
    return period?.earnedSHM;
  }
  return {
    async periodEarned(publicKey, endedAt) {
      if (!networkUrl) return null;
      const deadline = Date.now() + waitMs;
      try {
        for (;;) {
          const earned = await ended(publicKey, Date.parse(endedAt));
          if (earned !== undefined) return earned;
          if (Date.now() >= deadline) break;
          await sleep(200);
        }
        logger.warn({ publicKey, endedAt }, 'the node lookup has no period ending then yet: the alert goes without its earned SHM');
      } catch (err) {
        logger.warn({ publicKey, reason: (err as Error).message }, 'node lookup failed: the alert goes without its earned SHM');
      }
      return null;
    },
  };
}
