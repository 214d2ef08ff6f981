// "Can I unstake now, and what will I get?" (docs/node-money.md, "Unstaking"): the chain's checks in
// the chain's order (shardeum c08fc1e2 src/tx/staking/verifyStake.ts verifyUnstakeTx, then the
// certificate check of the Unstake apply in src/index.ts), read-only and key-free. Standby and active
// come from the product's tracking (the chain asks its own node list the same question).
import type { NodeStateOrUnknown, UnstakeDiagnosis, UnstakeState } from '@shm/contracts';
import type { ChainAccountsRead } from '../ports';
import { REFUSALS, unstakeFee } from './chain-rules';

export interface UnstakeInput {
  read: ChainAccountsRead;
  publicKey: string;
  /** The wallet that would send the unstake; the node's nominator when not given. */
  wallet: string | undefined;
  trackedState: NodeStateOrUnknown;
  /** Cycles a standby entry lives without a refresh (shardeum config standbyListCyclesTTL, 1,440) and the cycle length. */
  standbyTtlCycles: number;
  cycleSeconds: number;
  now: number;
}

const RULES: Record<UnstakeState, string> = {
  'no-stake': 'Only a node with a stake can be unstaked.',
  'other-wallet': 'Only the wallet that staked a node (its nominator) can unstake it.',
  standby: 'A node on the standby list cannot be unstaked.',
  active: 'An active node cannot be unstaked.',
  'no-end-time': 'A node that was active cannot be unstaked until the chain has set its reward end time (its claim for the last active period).',
  'cert-not-expired': 'A node cannot be unstaked before its stake certificate expires.',
  'can-unstake': 'The node has left the network, its reward end time is set and its stake certificate has expired.',
};

const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;

export function diagnoseUnstake(input: UnstakeInput): UnstakeDiagnosis {
  const { read, trackedState, now } = input;
  const node = read.node;
  const wallet = (input.wallet ?? node?.nominator ?? null)?.toLowerCase() ?? null;
  const fee = unstakeFee(read.network);
  const operator = read.operator && read.operator.address.toLowerCase() === node?.nominator?.toLowerCase() ? read.operator : null;
  // The stake the unstake returns is the operator's (already net of penalties), the node's lock where no operator account was read.
  const stake = operator?.stake ?? node?.stakeLock ?? 0n;
  const reward = node?.reward ?? 0n;
  const payout = node?.nominator && stake > 0n ? { stakeWei: stake.toString(), rewardWei: reward.toString(), feeWei: fee.toString(), payoutWei: (stake + reward - fee).toString() } : null;
  const answer = (state: UnstakeState, refusal: string | null, changes: UnstakeDiagnosis['changes']): UnstakeDiagnosis => ({
    state,
    canUnstake: state === 'can-unstake',
    rule: RULES[state],
    refusal,
    changes,
    wallet,
    payout: state === 'no-stake' || state === 'other-wallet' ? null : payout,
    forcedForfeitsRewardWei: state === 'no-end-time' ? reward.toString() : null,
  });
  if (!node) return answer('no-stake', REFUSALS.nodeNotFound, { at: null, text: 'The chain has no account for this node: it has never been staked.' });
  if (!node.nominator) return answer('no-stake', REFUSALS.noNominator, { at: null, text: 'When a wallet stakes to this node.' });
  if (node.stakeLock === 0n) return answer('no-stake', REFUSALS.noStake, { at: null, text: 'When a wallet stakes to this node.' });
  if (wallet !== node.nominator.toLowerCase()) {
    return answer('other-wallet', REFUSALS.otherWallet, { at: null, text: `Only ${node.nominator} can unstake it.` });
  }
  if (trackedState === 'standby') {
    const ttl = input.standbyTtlCycles;
    return answer('standby', REFUSALS.standby, {
      at: null,
      text: `When it leaves the standby list: a stopped node drops off once its standby entry goes unrefreshed for ${ttl.toLocaleString('en-US')} cycles (about ${hours(ttl * input.cycleSeconds)} h); a selected one goes active instead.`,
    });
  }
  if (trackedState === 'active') {
    return answer('active', REFUSALS.active, { at: null, text: 'When it rotates out of the active set; the chain then claims its reward and sets the end time within a few cycles.' });
  }
  if (node.rewardEndTime === 0 && node.rewardStartTime > 0) {
    return answer('no-end-time', REFUSALS.noEndTime, {
      at: null,
      text: 'When the chain applies the claim for its last active period (normally within 5 cycles of leaving). A forced unstake before that forfeits the reward.',
    });
  }
  const certExp = read.operator?.certExp ?? null;
  if (certExp !== null && certExp > now) {
    return answer('cert-not-expired', REFUSALS.certNotExpired(certExp), { at: new Date(certExp).toISOString(), text: 'When its stake certificate expires.' });
  }
  return answer('can-unstake', null, { at: null, text: 'It can be unstaked now.' });
}
