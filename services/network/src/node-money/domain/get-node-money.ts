// GET …/nodes/:publicKey/money: the chain's accounts from the first source that answers, the
// product's tracking of the node beside them, day prices for the ledger's days, assembled.
import type { DayPrice, MoneySourceState, NodeMoneyReply, NodeStatus, PriceCurrency } from '@shm/contracts';
import type { Logger } from '@shm/platform';
import type { ChainAccountSource, ChainAccountsRead, DayPriceSource } from '../ports';
import { scale, weiToShm } from './chain-rules';
import { ledgerDays } from './ledger';
import { assembleNodeMoney } from './node-money';

/** shardeum src/config/index.ts `standbyListCyclesTTL: 1440` ("nodes only need to refresh once every 24 hours"). */
export const STANDBY_LIST_CYCLES_TTL = 1440;

/** The product's tracking: the node's status and the reward-per-hour segments it saw (oldest first). */
export interface NodeTrackingView {
  status(publicKey: string): Promise<NodeStatus | null>;
  rates(): Promise<{ from: string; rewardPerHour: number }[]>;
}

export interface NodeMoneyDeps {
  /** Primary first (the explorer), then the fallbacks. */
  sources: ChainAccountSource[];
  prices: DayPriceSource;
  tracking: NodeTrackingView;
  cycleSeconds: () => Promise<number>;
  now: () => number;
  logger: Logger;
}

const LABEL = { explorer: 'the explorer', validator: 'a validator' } as const;

async function readChain(sources: ChainAccountSource[], publicKey: string, wallet: string | undefined, now: number, logger: Logger) {
  const failures: string[] = [];
  for (const [position, source] of sources.entries()) {
    try {
      const read = await source.read(publicKey, wallet);
      const state: MoneySourceState = {
        state: position === 0 ? 'read' : 'fallback',
        name: source.name,
        detail:
          position === 0
            ? `Read from ${LABEL[source.name]}.`
            : `Read from ${LABEL[source.name]}: ${failures.join('; ')}. A validator shows the accounts only, so the ledger's periods follow the chain's rule at today's rate and stake and unstake rows are missing.`,
        readAt: new Date(now).toISOString(),
      };
      return { read, state };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      logger.warn({ err, source: source.name, publicKey }, 'node money: a chain account source failed');
      failures.push(`${LABEL[source.name]} did not answer (${reason})`);
    }
  }
  const state: MoneySourceState = {
    state: 'unavailable',
    name: null,
    detail: `The chain's accounts could not be read: ${failures.join('; ') || 'no source is configured'}.`,
    readAt: null,
  };
  return { read: null, state };
}

/** The rate in force at a time from the tracker's segments; null before the first (the product had not seen it). */
const rateAtFrom = (segments: { from: string; rewardPerHour: number }[]) => (ms: number) => {
  let rate: number | null = null;
  for (const segment of segments) if (Date.parse(segment.from) <= ms) rate = segment.rewardPerHour;
  return rate;
};

export async function getNodeMoney(deps: NodeMoneyDeps, publicKey: string, wallet: string | undefined, currency: PriceCurrency): Promise<NodeMoneyReply> {
  const now = deps.now();
  // The tracking is the product's own; when MongoDB is away the chain's figures still answer.
  const [{ read, state }, status, segments, cycleSeconds] = await Promise.all([
    readChain(deps.sources, publicKey, wallet, now, deps.logger),
    deps.tracking.status(publicKey).catch(() => null),
    deps.tracking.rates().catch(() => []),
    deps.cycleSeconds().catch(() => 60),
  ]);
  const days = read ? ledgerDays(read) : [];
  const prices = days.length > 0 ? await deps.prices.prices(days, currency) : new Map<string, DayPrice>();
  const current = (chain: ChainAccountsRead) => (weiToShm(scale(chain.network.rewardUnits, chain.network)) * 3_600_000) / chain.network.rewardIntervalMs;
  return assembleNodeMoney({
    publicKey,
    wallet,
    currency,
    source: state,
    read,
    status,
    rateAt: rateAtFrom(segments),
    knownRates: [...new Set([...segments.map(({ rewardPerHour }) => rewardPerHour), ...(read ? [current(read)] : [])])],
    prices,
    standbyTtlCycles: STANDBY_LIST_CYCLES_TTL,
    cycleSeconds,
    now,
  });
}
