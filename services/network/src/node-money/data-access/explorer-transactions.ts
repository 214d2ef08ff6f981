import { z } from 'zod';
import { fetchJson, upstreamUrl, UpstreamError, type UpstreamLimits } from '../../data-access/upstream-http';
import { validateReply } from '../../data-access/validate-reply';
import type { ChainTransactions } from '../ports';
import { chainBigint } from './chain-values';

/*
 * A node's stake, unstake, claim-reward and penalty receipts from shardeum/explorer-server @ 1c2d5db
 * `GET /api/transaction` (src/server.ts, src/storage/transaction.ts). What its code does that the
 * obvious query would get wrong:
 * - `nominee=` (and `txFrom=`, `txTo=`) select `WHERE <column>=?` and ignore `txType`;
 * - `nominee` is filled only from a receipt's `stakeInfo` (src/storage/receipt.ts), which stake and
 *   unstake receipts have and claim-reward and penalty receipts do not: those name the node as
 *   `from` (shardeum src/index.ts createInternalTxReceipt).
 * `address=<key>` matches `txFrom OR txTo OR nominee`, so one query lists every kind (with a `txType`
 * it would list one kind, but four queries cost more of the explorer's 100 requests a minute per
 * client than the few init rows they would leave out). Rows are told apart by `transactionType` and
 * `internalTXType`.
 */

/** explorer-server src/types/transaction.ts TransactionType and InternalTXType. */
const STAKE_RECEIPT = 2;
const UNSTAKE_RECEIPT = 3;
const CLAIM_REWARD = 9;
const PENALTY = 12;
/** Rows per page (the server's fixed `itemsPerPage`). */
export const EXPLORER_PAGE_SIZE = 10;
/** Pages read at most; a node with more makes the read fail (see readPages). */
export const EXPLORER_MAX_PAGES = 50;

const RowSchema = z.looseObject({
  txId: z.string(),
  timestamp: z.number().int().nonnegative(),
  transactionType: z.number().int(),
  internalTXType: z.number().int().nullish(),
  txHash: z.string(),
  txFrom: z.string().nullish(),
  wrappedEVMAccount: z.looseObject({
    txFrom: z.string().nullish(),
    amountSpent: z.unknown().optional(),
    readableReceipt: z.looseObject({ stakeInfo: z.unknown().optional(), internalTx: z.unknown().optional() }),
  }),
});
type Row = z.infer<typeof RowSchema>;

const PageSchema = z.union([
  z.object({ success: z.literal(true), transactions: z.array(z.unknown()).max(EXPLORER_PAGE_SIZE * 10), totalPages: z.number().int().min(0).optional() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

const key = z.string().transform((s) => s.toLowerCase());
const StakeInfoSchema = z.object({ nominee: key, stake: chainBigint });
// Unstake receipts name the stake since shardeum's `totalUnstakeAmount` flag; older ones do not.
const UnstakeInfoSchema = z.object({ nominee: key, stake: chainBigint.optional(), reward: chainBigint, penalty: chainBigint, totalUnstakeAmount: chainBigint.optional() });
const ClaimSchema = z.object({
  rewardAmount: chainBigint,
  internalTx: z.object({ nominee: key, nodeDeactivatedTime: z.number().int().nonnegative() }),
});
const PenaltySchema = z.object({
  penaltyAmount: chainBigint,
  internalTx: z.object({ reportedNodePublickKey: key, violationType: z.number().int() }),
});

/** Every page of one query, page 1 first; more than `maxPages` pages is refused rather than read in part. */
async function readPages(baseUrl: string, limits: UpstreamLimits, query: Record<string, string>, maxPages: number): Promise<unknown[]> {
  const page = async (pageNumber: number) => {
    const url = upstreamUrl(baseUrl, '/api/transaction', { ...query, page: String(pageNumber) });
    const reply = validateReply(PageSchema, await fetchJson(url, limits), 'explorer transactions');
    if (!reply.success) throw new UpstreamError(`explorer transactions: ${reply.error}`);
    return reply;
  };
  const first = await page(1);
  const total = first.totalPages ?? 1;
  // A partial list would not sum to the account and would look like the chain's mistake: say so instead.
  if (total > maxPages) throw new UpstreamError(`explorer transactions: ${total} pages listed, more than the ${maxPages} read`);
  const rows = [...first.transactions];
  for (let n = 2; n <= total; n++) rows.push(...(await page(n)).transactions);
  return rows;
}

function classify(row: Row, publicKey: string, into: ChainTransactions): void {
  const what = `explorer transaction ${row.txHash}`;
  const receipt = row.wrappedEVMAccount.readableReceipt;
  const base = { at: row.timestamp, txHash: row.txHash };
  if (row.transactionType === STAKE_RECEIPT) {
    const info = validateReply(StakeInfoSchema, receipt.stakeInfo, `${what} stakeInfo`);
    if (info.nominee !== publicKey) return;
    const nominator = (row.wrappedEVMAccount.txFrom ?? row.txFrom ?? '').toLowerCase();
    into.stakes.push({ ...base, nominator, amount: info.stake });
  } else if (row.transactionType === UNSTAKE_RECEIPT) {
    const info = validateReply(UnstakeInfoSchema, receipt.stakeInfo, `${what} stakeInfo`);
    if (info.nominee !== publicKey) return;
    const stake = info.stake ?? (info.totalUnstakeAmount === undefined ? undefined : info.totalUnstakeAmount - info.reward);
    if (stake === undefined) throw new UpstreamError(`${what}: the unstake receipt names no stake`);
    const fee = validateReply(chainBigint, row.wrappedEVMAccount.amountSpent, `${what} amountSpent`);
    into.unstakes.push({ ...base, stake, reward: info.reward, penalty: info.penalty, fee });
  } else if (row.internalTXType === CLAIM_REWARD) {
    const claim = validateReply(ClaimSchema, receipt, what);
    if (claim.internalTx.nominee !== publicKey) return;
    into.claims.push({ ...base, nodeDeactivatedTime: claim.internalTx.nodeDeactivatedTime, rewardAmount: claim.rewardAmount });
  } else if (row.internalTXType === PENALTY) {
    const penalty = validateReply(PenaltySchema, receipt, what);
    if (penalty.internalTx.reportedNodePublickKey !== publicKey) return;
    into.penalties.push({ ...base, violation: penalty.internalTx.violationType, amount: penalty.penaltyAmount });
  }
  // Anything else the node is named in (InitRewardTimes, SetCertTime …) is not money.
}

const oldestFirst = <T extends { at: number; txHash: string }>(list: T[]) => list.sort((a, b) => a.at - b.at || a.txHash.localeCompare(b.txHash));

/** The node's money transactions, each list oldest first; throws (UpstreamError) when they cannot all be read. */
export async function explorerTransactions(baseUrl: string, limits: UpstreamLimits, publicKey: string, maxPages = EXPLORER_MAX_PAGES): Promise<ChainTransactions> {
  const pk = publicKey.toLowerCase();
  const rows = await readPages(baseUrl, limits, { address: pk }, maxPages);
  const into: ChainTransactions = { stakes: [], claims: [], penalties: [], unstakes: [] };
  // A row can repeat across pages: a new receipt shifts the pages while they are read.
  const seen = new Set<string>();
  for (const raw of rows) {
    const row = validateReply(RowSchema, raw, 'explorer transaction');
    if (seen.has(row.txId)) continue;
    seen.add(row.txId);
    classify(row, pk, into);
  }
  return { stakes: oldestFirst(into.stakes), claims: oldestFirst(into.claims), penalties: oldestFirst(into.penalties), unstakes: oldestFirst(into.unstakes) };
}
