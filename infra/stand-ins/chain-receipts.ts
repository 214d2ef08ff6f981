// The receipt accounts Shardeum writes for a node's money transactions, as the validator builds them
// (shardeum/shardeum c08fc1e2): StakeReceipt and UnstakeReceipt in src/index.ts (the Stake and
// Unstake apply, L4020-4450: `readableReceipt.stakeInfo`, `amountSpent` = the fee as 0x-hex),
// InternalTxReceipt in src/index.ts `createInternalTxReceipt` (L2821: `rewardAmount` /
// `penaltyAmount` as bigints beside `internalTx`, `amountSpent` '0x0', `receipt: null`). Amounts
// stay bigints here: the explorer writes them as `{"dataType":"bi","value":…}`, a validator as hex.
// Hashes and block numbers are made up (stable per node and event), not real chain values.
import { createHash } from 'node:crypto';

/** AccountType of shardeum src/shardeum/shardeumTypes.ts. */
export const ACCOUNT_TYPE = { Account: 0, NetworkAccount: 5, NodeAccount2: 9, StakeReceipt: 10, UnstakeReceipt: 11, InternalTxReceipt: 12 } as const;
/** explorer-server src/types/transaction.ts TransactionType: the `transactionType` column. */
export const TRANSACTION_TYPE = { StakeReceipt: 2, UnstakeReceipt: 3, InternalTxReceipt: 4 } as const;
/** shardeum InternalTXType. */
export const INTERNAL_TX = { Stake: 6, Unstake: 7, InitRewardTimes: 8, ClaimReward: 9, Penalty: 12 } as const;
/** ShardeumFlags.stakeTargetAddress: stake and unstake transactions are sent to it. */
export const STAKE_TARGET = '0x0000000000000000000000000000000000010000';
const CHAIN_ID = '0x' + (8118).toString(16);

/** One stored receipt with the columns the explorer keeps beside it (storage/receipt.ts L190-235). */
export interface ChainReceipt {
  txId: string;
  /** ms */
  timestamp: number;
  cycle: number;
  transactionType: number;
  internalTXType: number;
  txFrom: string;
  txTo: string;
  /** Only stake and unstake receipts carry `stakeInfo.nominee`, so only their rows have it. */
  nominee: string | null;
  receipt: Record<string, unknown>;
}

export const hex = (value: bigint) => `0x${value.toString(16)}`;
export const hashOf = (...parts: (string | number)[]) => createHash('sha256').update(parts.join(':')).digest('hex');
/** Shardeum makes a block every 6 s; numbers here only need to grow with time. */
const blockOf = (ms: number) => {
  const number = Math.floor(ms / 6000) - 290_000_000;
  return { blockNumber: hex(BigInt(number)), blockHash: `0x${hashOf('block', number)}` };
};

interface EvmTxInput {
  kind: 'stake' | 'unstake';
  key: string;
  at: number;
  cycle: number;
  nominator: string;
  nonce: bigint;
  fee: bigint;
  stakeInfo: Record<string, unknown>;
  value: bigint;
}

/** The stake and unstake receipts: EVM transactions to the stake address, fee in `gasUsed` and `amountSpent`. */
export function evmStakeReceipt(input: EvmTxInput): ChainReceipt {
  const txId = hashOf(input.key, input.kind, input.at);
  const ethTxId = `0x${hashOf('eth', txId)}`;
  const stake = input.kind === 'stake';
  const readableReceipt = {
    status: 1,
    transactionHash: ethTxId,
    transactionIndex: '0x1',
    ...blockOf(input.at),
    nonce: hex(input.nonce),
    cumulativeGasUsed: hex(input.fee),
    gasUsed: hex(input.fee),
    gasRefund: '0x0',
    gasPrice: hex(10n ** 10n),
    gasLimit: hex(30_000_000n),
    maxFeePerGas: undefined,
    maxPriorityFeePerGas: undefined,
    logs: [],
    logsBloom: '',
    contractAddress: null,
    from: input.nominator,
    to: STAKE_TARGET,
    chainId: CHAIN_ID,
    stakeInfo: input.stakeInfo,
    value: hex(input.value),
    type: '0x0',
    data: `0x${hashOf('data', txId).slice(0, 16)}`,
    v: '0x3f8f',
    r: `0x${hashOf('r', txId)}`,
    s: `0x${hashOf('s', txId)}`,
  };
  const accountType = stake ? ACCOUNT_TYPE.StakeReceipt : ACCOUNT_TYPE.UnstakeReceipt;
  const receipt = { timestamp: input.at, ethAddress: ethTxId, hash: '', readableReceipt, amountSpent: hex(input.fee), txId, accountType, txFrom: input.nominator };
  return {
    txId,
    timestamp: input.at,
    cycle: input.cycle,
    transactionType: stake ? TRANSACTION_TYPE.StakeReceipt : TRANSACTION_TYPE.UnstakeReceipt,
    internalTXType: stake ? INTERNAL_TX.Stake : INTERNAL_TX.Unstake,
    txFrom: input.nominator,
    txTo: STAKE_TARGET,
    nominee: String(input.stakeInfo.nominee),
    receipt,
  };
}

interface InternalTxInput {
  key: string;
  at: number;
  cycle: number;
  /** InitRewardTimes and ClaimReward: nominee → nominator; Penalty: reported node → operator (as the applies pass them). */
  from: string;
  to: string;
  internalTx: Record<string, unknown> & { internalTXType: number };
  rewardAmount?: bigint;
  penaltyAmount?: bigint;
}

/** createInternalTxReceipt: `internalTx` with `sign: null`, and the amount it moved. */
export function internalTxReceipt(input: InternalTxInput): ChainReceipt {
  const txId = hashOf(input.key, input.internalTx.internalTXType, input.at);
  const readableReceipt = {
    status: 1,
    transactionHash: `0x${txId}`,
    transactionIndex: '0x1',
    ...blockOf(input.at),
    nonce: '0x0',
    cumulativeGasUsed: '0x0',
    gasUsed: '0x0',
    gasRefund: '0x0',
    logs: [],
    logsBloom: '',
    contractAddress: null,
    from: input.from,
    to: input.to,
    value: '0x0',
    data: '0x0',
    isInternalTx: true,
    internalTx: { ...input.internalTx, sign: null },
    ...(input.rewardAmount !== undefined && { rewardAmount: input.rewardAmount }),
    ...(input.penaltyAmount !== undefined && { penaltyAmount: input.penaltyAmount }),
  };
  const receipt = {
    timestamp: input.at,
    ethAddress: `0x${txId}`,
    hash: '',
    receipt: null,
    readableReceipt,
    amountSpent: '0x0',
    txId,
    accountType: ACCOUNT_TYPE.InternalTxReceipt,
    txFrom: input.from,
  };
  return {
    txId,
    timestamp: input.at,
    cycle: input.cycle,
    transactionType: TRANSACTION_TYPE.InternalTxReceipt,
    internalTXType: input.internalTx.internalTXType,
    txFrom: input.from,
    txTo: input.to,
    nominee: null,
    receipt,
  };
}
