import { z } from 'zod';
import { networkContract, pathOf } from '@shm/contracts';
import { LedgerPenaltyRowSchema, MoneySourceStateSchema } from '@shm/contracts/network';
import type { Logger } from '@shm/platform';
import type { NodePenalties } from '../domain/ports';
import type { PenaltyRecord } from '../domain/penalty-rules';

/** What a check needs of the money route's reply; the rest of it (accounts, income, unstake) is not read, so a change there does not stop the checks. */
const PenaltyReplySchema = z.object({ currency: z.string(), source: MoneySourceStateSchema, ledger: z.array(z.object({ kind: z.string() }).loose()) });

export interface NodePenaltiesOptions {
  /** The network service (NETWORK_URL); empty: never asked (compose schedules no checks then). */
  networkUrl: string;
  /** The money route reads the explorer (up to 50 pages) and day prices: slower than the node lookup (ALERT_PENALTY_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
}

/**
 * A node's penalties from the network service's money route (GET /api/shardeum-network/nodes/:publicKey/money,
 * docs/node-money.md): its ledger's `penalty` rows. Anything that keeps them from being read (the
 * service away, slow or off its contract; the chain's accounts unreadable, `source.state` unavailable)
 * is logged and answers null: the check is simply tried again on the schedule.
 */
export function nodePenaltiesClient({ networkUrl, timeoutMs, logger }: NodePenaltiesOptions): NodePenalties {
  return {
    async of(publicKey) {
      if (!networkUrl) return null;
      try {
        const res = await fetch(`${networkUrl}${pathOf(networkContract.nodeMoney, { publicKey })}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`the network service answered ${res.status}`);
        const reply = PenaltyReplySchema.parse(await res.json());
        if (reply.source.state === 'unavailable') {
          logger.info({ publicKey, detail: reply.source.detail }, "the node's chain accounts could not be read: its penalty is checked again later");
          return null;
        }
        const rows: PenaltyRecord[] = [];
        for (const row of reply.ledger) {
          if (row.kind !== 'penalty') continue;
          const { txHash, at, violation, amountWei, value } = LedgerPenaltyRowSchema.parse(row);
          rows.push({ txHash, at, violation, amountWei, value, currency: reply.currency });
        }
        return rows;
      } catch (err) {
        logger.warn({ publicKey, reason: (err as Error).message }, "the node's money could not be read: its penalty is checked again later");
        return null;
      }
    },
  };
}
