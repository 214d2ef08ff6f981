// A scripted node's money on the chain: its stake, active periods, claims, penalties and unstake
// applied in order by Shardeum's own rules (shardeum/shardeum c08fc1e2), giving the node account
// (NodeAccount2, src/shardeum/shardeumTypes.ts), its nominator's EVM account with
// `operatorAccountInfo`, and the receipts (chain-receipts.ts). The rules, file by file:
// - stake (src/index.ts L4020-4210): operator balance −(stake + fee), nonce +1, operator stake +=,
//   nominee set, certExp 0 when null; node stakeLock +=, nominator, stakeTimestamp;
// - activate = InitRewardTimes (src/tx/initRewardTimes.ts): rewardStartTime, rewardEndTime 0,
//   rewardRate = the network's nodeRewardAmountUsd then, rewarded false; an InitRewardTimes receipt;
// - claim = ClaimReward (src/tx/claimReward.ts): refused when already rewarded; amount =
//   scale(max(rewardRate, current rate)) × (end − start) s × 1000 / nodeRewardInterval, integer
//   division; reward, totalReward += it; history gets {b, e}; the operator's stats too;
// - penalty (src/tx/penalty/*): amount capped at stakeLock, taken from stakeLock and the operator's
//   stake, added to penalty / totalPenalty; penaltyHistory {type, amount, timestamp} with the
//   violation's time in SECONDS (violationData nodeDroppedTime / nodeRefutedTime); LeftNetworkEarly
//   (1000) with rewardStartTime > 0 also ends the period (rewardEndTime, a history entry, no reward);
//   DoubleVote (1002) has no violation data and is refused by isProcessedPenaltyTx;
// - unstake (src/index.ts L4232-4450): refused before certExp; pays stake + reward − fee, reward
//   forfeited when rewardEndTime is 0 and rewardStartTime > 0 (a forced unstake); resets the node
//   (nominator null, stakeLock, reward, penalty 0, start/end 0, rewarded false) and the operator
//   (stake 0, nominee null, certExp null, totalUnstakeReward, unstakeCount).
// fee = constantTxFeeUsd 1e16 × stabilityScaleMul / stabilityScaleDiv (src/utils/general.ts).
import { ACCOUNT_TYPE, evmStakeReceipt, hashOf, internalTxReceipt, type ChainReceipt } from './chain-receipts';
import type { AccountSettings } from './network-account';
import { ScriptError } from './scripted-nodes';

export type Violation = 1000 | 1001 | 1002 | 1003;
export type ChainEvent =
  /** `at` ms (the stake transaction). */
  | { type: 'stake'; at: number; amountWei: bigint }
  /** `at` s (nodeActivatedTime); `rateUnits` the network's nodeRewardAmountUsd then (default: the stand-in's). */
  | { type: 'activate'; at: number; rateUnits?: bigint }
  /** `at` s (nodeDeactivatedTime); `rateUnits` the network's rate at the claim (default: the stand-in's). */
  | { type: 'claim'; at: number; rateUnits?: bigint }
  /** `at` ms (the event; the chain records it in seconds). */
  | { type: 'penalty'; at: number; violation: Violation; amountWei: bigint }
  /** `at` ms; `force` lets a node with no reward end time unstake, losing the reward. */
  | { type: 'unstake'; at: number; force?: boolean };

export interface ChainNodeScript {
  /** The nominator wallet, 0x + 40 hex. */
  nominator: string;
  /** The stake certificate's expiry, ms (SetCertTime); null or absent: 0 after the stake. */
  certExp?: number | null;
  /** The wallet's balance before the first event (default 10 000 SHM). */
  balanceWei?: bigint;
  events: ChainEvent[];
  /** Moves one history entry's `e` by `deltaSeconds` after the fact; receipts keep the true values. */
  tamper?: { historyEndIndex: number; deltaSeconds: number };
}

export interface ChainNode {
  publicKey: string;
  nominator: string;
  node: Record<string, unknown>;
  operator: Record<string, unknown>;
  receipts: ChainReceipt[];
}

export const CONSTANT_TX_FEE_USD = 10n ** 16n;
/** keccak256 of the empty RLP trie and of no code: an EOA's storageRoot and codeHash. */
const EMPTY_ROOT = Buffer.from('56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421', 'hex');
const EOA_CODE_HASH = Buffer.from('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470', 'hex');

export const scaled = (units: bigint, terms: AccountSettings) => (units * BigInt(terms.stabilityScaleMul)) / BigInt(terms.stabilityScaleDiv);
export const txFeeOf = (terms: AccountSettings) => scaled(CONSTANT_TX_FEE_USD, terms);

/** Applies the script; throws a ScriptError where the chain would refuse the transaction. */
export function buildChainNode(publicKey: string, script: ChainNodeScript, terms: AccountSettings, cycleOf: (ms: number) => number): ChainNode {
  if (!/^[0-9a-f]{64}$/.test(publicKey)) throw new ScriptError('publicKey must be 64 lower-case hex characters');
  if (!/^0x[0-9a-fA-F]{40}$/.test(script.nominator)) throw new ScriptError('nominator must be 0x and 40 hex characters');
  const nominator = script.nominator.toLowerCase();
  const fee = txFeeOf(terms);
  const node = {
    id: publicKey,
    hash: '',
    timestamp: 0,
    nominator: null as string | null,
    stakeLock: 0n,
    stakeTimestamp: 0,
    reward: 0n,
    rewardStartTime: 0,
    rewardEndTime: 0,
    penalty: 0n,
    accountType: ACCOUNT_TYPE.NodeAccount2,
    nodeAccountStats: { totalReward: 0n, totalPenalty: 0n, history: [] as { b: number; e: number }[], lastPenaltyTime: 0, penaltyHistory: [] as { type: number; amount: bigint; timestamp: number }[], isShardeumRun: false },
    rewarded: false,
    rewardRate: 0n,
  };
  const account = { nonce: 0n, balance: script.balanceWei ?? 10_000n * 10n ** 18n, storageRoot: Uint8Array.from(EMPTY_ROOT), codeHash: Uint8Array.from(EOA_CODE_HASH) };
  const stats = { totalNodeReward: 0n, totalNodePenalty: 0n, totalNodeTime: 0, history: [] as { b: number; e: number }[], totalUnstakeReward: 0n, unstakeCount: 0, isShardeumRun: false, lastStakedNodeKey: '' };
  const operator = { accountType: ACCOUNT_TYPE.Account, ethAddress: nominator, hash: '', timestamp: 0, account, operatorAccountInfo: undefined as undefined | { stake: bigint; nominee: string | null; certExp: number | null; operatorStats: typeof stats } };
  const receipts: ChainReceipt[] = [];
  const info = () => {
    if (!operator.operatorAccountInfo) throw new ScriptError('the wallet has never staked');
    return operator.operatorAccountInfo;
  };
  const touch = (ms: number) => {
    node.timestamp = ms;
    operator.timestamp = ms;
  };

  script.events.forEach((event, index) => {
    const key = `${publicKey}:${index}`;
    const cycle = cycleOf(event.type === 'activate' || event.type === 'claim' ? event.at * 1000 : event.at);
    if (event.type === 'stake') {
      if (node.nominator && node.nominator !== nominator) throw new ScriptError(`event ${index}: the node is staked by ${node.nominator}`);
      if (account.balance < event.amountWei + fee) throw new ScriptError(`event ${index}: Operator account does not have enough balance to stake`);
      operator.operatorAccountInfo ??= { stake: 0n, nominee: '', certExp: null, operatorStats: stats };
      const own = info();
      own.stake += event.amountWei;
      own.nominee = publicKey;
      own.certExp = script.certExp ?? own.certExp ?? 0;
      account.balance -= event.amountWei + fee;
      account.nonce += 1n;
      Object.assign(node, { stakeTimestamp: event.at, nominator, stakeLock: node.stakeLock + event.amountWei });
      touch(event.at);
      const stakeInfo = { nominee: publicKey, stake: event.amountWei, totalStakeAmount: own.stake };
      receipts.push(evmStakeReceipt({ kind: 'stake', key, at: event.at, cycle, nominator, nonce: account.nonce - 1n, fee, stakeInfo, value: event.amountWei }));
    } else if (event.type === 'activate') {
      Object.assign(node, { rewardStartTime: event.at, rewardEndTime: 0, rewardRate: event.rateUnits ?? terms.rewardUnits, rewarded: false });
      node.timestamp = event.at * 1000;
      const internalTx = { isInternalTx: true, internalTXType: 8, nominee: publicKey, timestamp: event.at * 1000, nodeActivatedTime: event.at };
      receipts.push(internalTxReceipt({ key, at: event.at * 1000, cycle, from: publicKey, to: node.nominator ?? '', internalTx }));
    } else if (event.type === 'claim') {
      if (node.rewarded) throw new ScriptError(`event ${index}: applyClaimReward failed already rewarded`);
      const current = event.rateUnits ?? terms.rewardUnits;
      const rate = node.rewardRate > current ? node.rewardRate : current;
      const duration = node.rewardStartTime === 0 ? 0 : event.at - node.rewardStartTime;
      if (duration < 0) throw new ScriptError(`event ${index}: applyClaimReward failed because durationInNetwork is less than 0`);
      const amount = (scaled(rate, terms) * BigInt(duration * 1000)) / BigInt(terms.nodeRewardIntervalMs);
      const own = info();
      Object.assign(node, { rewardEndTime: event.at, reward: node.reward + amount, rewarded: true });
      node.nodeAccountStats.totalReward += amount;
      node.nodeAccountStats.history.push({ b: node.rewardStartTime, e: event.at });
      own.operatorStats.history.push({ b: node.rewardStartTime, e: event.at });
      own.operatorStats.totalNodeReward += amount;
      own.operatorStats.totalNodeTime += duration;
      own.operatorStats.lastStakedNodeKey = own.nominee ?? '';
      touch(event.at * 1000);
      const internalTx = { isInternalTx: true, internalTXType: 9, nominee: publicKey, nominator, timestamp: event.at * 1000, deactivatedNodeId: hashOf('node-id', publicKey), nodeDeactivatedTime: event.at };
      receipts.push(internalTxReceipt({ key, at: event.at * 1000, cycle, from: publicKey, to: nominator, internalTx, rewardAmount: amount }));
    } else if (event.type === 'penalty') {
      const seconds = Math.floor(event.at / 1000);
      const violationData = violationDataOf(event.violation, seconds, cycle, index);
      const own = info();
      const amount = event.amountWei > node.stakeLock ? node.stakeLock : event.amountWei;
      own.stake -= amount;
      own.operatorStats.totalNodePenalty += amount;
      node.stakeLock -= amount;
      node.penalty += amount;
      node.nodeAccountStats.totalPenalty += amount;
      node.nodeAccountStats.penaltyHistory.push({ type: event.violation, amount, timestamp: seconds });
      if (event.violation === 1000 && node.rewardStartTime > 0) {
        node.rewardEndTime = seconds;
        node.nodeAccountStats.history.push({ b: node.rewardStartTime, e: seconds });
        own.operatorStats.history.push({ b: node.rewardStartTime, e: seconds });
      }
      node.nodeAccountStats.lastPenaltyTime = seconds;
      touch(event.at);
      const internalTx = { isInternalTx: true, internalTXType: 12, reportedNodeId: hashOf('node-id', publicKey), reportedNodePublickKey: publicKey, operatorEVMAddress: nominator, violationType: event.violation, violationData, timestamp: event.at };
      receipts.push(internalTxReceipt({ key, at: event.at, cycle, from: publicKey, to: nominator, internalTx, penaltyAmount: amount }));
    } else {
      const own = info();
      if (own.certExp !== null && own.certExp > event.at) {
        throw new ScriptError(`event ${index}: Unable to apply Unstake tx because stake cert has not yet expired. Expiry timestamp ${own.certExp}`);
      }
      const noEnd = node.rewardEndTime === 0 && node.rewardStartTime > 0;
      if (noEnd && !event.force) throw new ScriptError(`event ${index}: the node has no reward end time; only a forced unstake (force: true) goes through, and it forfeits the reward`);
      const stake = own.stake;
      const penalty = node.penalty;
      const reward = noEnd ? 0n : node.reward;
      account.balance += stake + reward - fee;
      account.nonce += 1n;
      Object.assign(own, { stake: 0n, nominee: null, certExp: null });
      own.operatorStats.totalUnstakeReward += reward;
      own.operatorStats.unstakeCount += 1;
      own.operatorStats.lastStakedNodeKey = publicKey;
      Object.assign(node, { nominator: null, stakeLock: 0n, penalty: 0n, reward: 0n, rewardStartTime: 0, rewardEndTime: 0, rewarded: false });
      touch(event.at);
      const stakeInfo = { nominee: publicKey, stake, reward, penalty, totalUnstakeAmount: stake + reward };
      receipts.push(evmStakeReceipt({ kind: 'unstake', key, at: event.at, cycle, nominator, nonce: account.nonce - 1n, fee, stakeInfo, value: 0n }));
    }
  });

  if (script.tamper) {
    const entry = node.nodeAccountStats.history[script.tamper.historyEndIndex];
    if (!entry) throw new ScriptError(`tamper.historyEndIndex ${script.tamper.historyEndIndex}: the history has ${node.nodeAccountStats.history.length} entries`);
    entry.e += script.tamper.deltaSeconds;
  }
  node.hash = hashOf('node-account', publicKey, node.timestamp);
  operator.hash = hashOf('operator-account', nominator, operator.timestamp);
  return { publicKey, nominator, node, operator, receipts };
}

/** violationData as src/index.ts L7380-7440 builds it for each violation (times in seconds). */
function violationDataOf(violation: Violation, seconds: number, cycle: number, index: number) {
  if (violation === 1000) return { nodeLostCycle: cycle - 1, nodeDroppedCycle: cycle, nodeDroppedTime: seconds };
  if (violation === 1001) return { nodeLostCycle: cycle - 1, nodeDroppedTime: seconds };
  if (violation === 1003) return { nodeRefutedCycle: cycle, nodeRefutedTime: seconds };
  throw new ScriptError(`event ${index}: violation ${violation} (DoubleVote) has no violation data; the chain refuses it (Unknown Violation type)`);
}
