// One node's money, assembled: the ledger, its reconciliation, the product's model beside it, income
// on both bases and the unstake diagnosis (docs/node-money.md).
import type { DayPrice, LedgerRow, MoneySourceState, NodeMoneyReply, NodeStatus, PriceCurrency, Reconciliation } from '@shm/contracts';
import type { ChainAccountsRead } from '../ports';
import { unstakeFee, weiToShm } from './chain-rules';
import { buildLedger, dayOf, formatShm, type BuiltLedger, type RateAt } from './ledger';
import { diagnoseUnstake } from './unstake';

export interface NodeMoneyInput {
  publicKey: string;
  wallet: string | undefined;
  currency: PriceCurrency;
  source: MoneySourceState;
  read: ChainAccountsRead | null;
  /** The product's tracking of the node (its model), null when not available. */
  status: NodeStatus | null;
  rateAt: RateAt;
  knownRates: number[];
  prices: Map<string, DayPrice>;
  standbyTtlCycles: number;
  cycleSeconds: number;
  now: number;
}

const round = (shm: number) => Math.round(shm * 1e6) / 1e6;
const SHM = (shm: number) => `${round(shm).toLocaleString('en-US', { maximumFractionDigits: 6 })} SHM`;

/** Why the product's model and the chain's figure differ, each reason with the SHM it accounts for. */
function explain(ledger: BuiltLedger, status: NodeStatus, chainShm: number): string[] {
  const explanations: string[] = [];
  const periods = ledger.rows.filter((row): row is Extract<LedgerRow, { kind: 'period' }> => row.kind === 'period');
  const lastClaimEnd = periods.at(-1)?.end ?? null;
  let explained = 0;
  for (const period of status.activePeriods) {
    if (period.end === null) {
      explanations.push(`The active period since ${period.start} is not claimed yet: the chain credits it when the node leaves the active set. The model counts ${SHM(period.earnedSHM)} for it so far.`);
      explained -= period.earnedSHM;
    } else if (lastClaimEnd === null || period.end > lastClaimEnd) {
      explanations.push(`The period that ended at ${period.end} has no claim yet (the chain applies it within a few cycles of the node leaving): ${SHM(period.earnedSHM)} in the model.`);
      explained -= period.earnedSHM;
    }
  }
  const firstTracked = status.activePeriods.at(-1)?.start ?? status.firstSeen;
  const before = periods.filter((row) => firstTracked === null || row.end <= firstTracked);
  if (before.length > 0) {
    const shm = before.reduce((sum, row) => sum + weiToShm(BigInt(row.amountWei)), 0);
    explanations.push(
      `${before.length} claimed period${before.length === 1 ? '' : 's'} (${SHM(shm)}) ended before the product's tracking of this node reaches${firstTracked ? ` (${firstTracked})` : ''}: only the chain records ${before.length === 1 ? 'it' : 'them'}.`,
    );
    explained += shm;
  }
  for (const row of periods) {
    if (row.rule === 'activation' && row.activationRatePerHour !== null && row.claimRatePerHour !== null) {
      const extra = ((row.activationRatePerHour - row.claimRatePerHour) * row.seconds) / 3600;
      explanations.push(
        `Period ${row.index} was paid at the rate at activation (${row.activationRatePerHour} SHM/h), above the rate when it ended (${row.claimRatePerHour} SHM/h): the chain keeps the higher rate, ${SHM(extra)} more than the rate in force at its end.`,
      );
    }
  }
  const penalties = ledger.rows.filter((row) => row.kind === 'penalty');
  if (penalties.length > 0) {
    const shm = penalties.reduce((sum, row) => sum + weiToShm(BigInt(row.kind === 'penalty' ? row.amountWei : '0')), 0);
    explanations.push(`Penalties (${SHM(shm)}) come out of the stake, not the reward: neither figure includes them.`);
  }
  const residual = chainShm - status.earnedSHM - explained;
  if (Math.abs(residual) >= 0.000001) {
    explanations.push(`${SHM(residual)} of the difference is the model timing periods by cycle starts (the chain by its own times) or rates the product did not see.`);
  }
  return explanations;
}

function reconcile(read: ChainAccountsRead, ledger: BuiltLedger, status: NodeStatus | null): Reconciliation | null {
  const node = read.node;
  if (!node) return null;
  const chainShm = weiToShm(ledger.totalWei);
  const model = status && status.state !== 'unknown' ? status.earnedSHM : null;
  return {
    ok: ledger.problems.length === 0,
    chainTotalRewardWei: node.totalReward.toString(),
    ledgerTotalRewardWei: ledger.totalWei.toString(),
    chainRewardWei: node.reward.toString(),
    ledgerOpenRewardWei: (ledger.openWei ?? node.reward).toString(),
    problems: ledger.problems,
    model: {
      earnedSHM: model,
      chainSHM: round(chainShm),
      differenceSHM: model === null ? null : round(chainShm - model),
      explanations: status && model !== null ? explain(ledger, status, chainShm) : ['The product has not tracked this node, so it has no model of its earnings to compare.'],
    },
  };
}

function income(rows: LedgerRow[]): NodeMoneyReply['income'] {
  const accrual = { shmWei: 0n, cents: 0 };
  const receipt = { shmWei: 0n, cents: 0 };
  const missing = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'period' && row.kind !== 'unstake') continue;
    const basis = row.kind === 'period' ? accrual : receipt;
    basis.shmWei += BigInt(row.kind === 'period' ? row.amountWei : row.rewardWei);
    if (row.value === null) missing.add(row.price.day);
    else basis.cents += Math.round(row.value * 100);
  }
  return {
    accrual: { shmWei: accrual.shmWei.toString(), value: accrual.cents / 100 },
    receipt: { shmWei: receipt.shmWei.toString(), value: receipt.cents / 100 },
    missingPriceDays: [...missing].sort(),
  };
}

export function assembleNodeMoney(input: NodeMoneyInput): NodeMoneyReply {
  const { read, status } = input;
  const trackedState = status?.state ?? 'unknown';
  const base = { success: true as const, publicKey: input.publicKey, currency: input.currency, source: input.source, trackedState };
  if (!read) {
    return { ...base, account: null, operator: null, network: null, ledger: [], reconciliation: null, income: income([]), unstake: null };
  }
  const ledger = buildLedger({ read, rateAt: input.rateAt, knownRates: input.knownRates, prices: input.prices });
  const { node, operator, network } = read;
  return {
    ...base,
    account: node && {
      nominator: node.nominator,
      stakeLockWei: node.stakeLock.toString(),
      rewardWei: node.reward.toString(),
      penaltyWei: node.penalty.toString(),
      rewardStartTime: node.rewardStartTime,
      rewardEndTime: node.rewardEndTime,
      rewardRateUnits: node.rewardRate.toString(),
      totalRewardWei: node.totalReward.toString(),
      totalPenaltyWei: node.totalPenalty.toString(),
    },
    operator: operator && {
      address: operator.address,
      stakeWei: operator.stake.toString(),
      nominee: operator.nominee,
      certExp: operator.certExp,
      stats: operator.stats
        ? {
            totalNodeRewardWei: operator.stats.totalNodeReward.toString(),
            totalNodePenaltyWei: operator.stats.totalNodePenalty.toString(),
            totalNodeTime: operator.stats.totalNodeTime,
            totalUnstakeRewardWei: operator.stats.totalUnstakeReward.toString(),
            unstakeCount: operator.stats.unstakeCount,
          }
        : null,
    },
    network: {
      stabilityScaleMul: network.stabilityScaleMul,
      stabilityScaleDiv: network.stabilityScaleDiv,
      rewardUnits: network.rewardUnits.toString(),
      rewardIntervalMs: network.rewardIntervalMs,
      txFeeWei: unstakeFee(network).toString(),
    },
    ledger: ledger.rows,
    reconciliation: reconcile(read, ledger, status),
    income: income(ledger.rows),
    unstake: diagnoseUnstake({ read, publicKey: input.publicKey, wallet: input.wallet, trackedState, standbyTtlCycles: input.standbyTtlCycles, cycleSeconds: input.cycleSeconds, now: input.now }),
  };
}

export { dayOf, formatShm };
