// The explorer's account and transaction routes as shardeum/explorer-server 1c2d5db9 serves them:
// - GET /api/account (src/server.ts L261-408): `?address=&accountType=` (default 0) looks one row up
//   by accountType and lower-cased ethAddress (src/storage/account.ts queryAccountByAddress); rows
//   are the `accounts` table (src/storage/index.ts): { accountId, cycle, timestamp, ethAddress,
//   account, accountType, hash, isGlobal, contractInfo, contractType }, isGlobal as SQLite's 0/1, the
//   unused columns null; node and network accounts have ethAddress = accountId
//   (processAccountData), an EVM account's accountId is its address + 24 zeros. No row: `{success:
//   true}` (accounts undefined is dropped).
// - GET /api/transaction (L472-895): `?nominee=` filters on the nominee column ONLY (queryTransactions
//   and queryTransactionCount ignore txType when a txFrom/txTo/nominee filter is given), and only
//   stake and unstake rows have a nominee (storage/receipt.ts takes it from stakeInfo): claims and
//   penalties are found with `?address=<key>&txType=21|24` (txFrom OR txTo OR nominee, txType
//   honoured) or `?txFrom=<key>`. Rows are newest first (cycle DESC, timestamp DESC), 10 a page;
//   `totalPages`/`totalTransactions` only when page, address or txType was given; none found:
//   `{success:true, transactions:[], totalPages:0}`; a page past the end: `{success:false, error:
//   'Page no is greater than the totalPage'}`.
// Every reply is 200 and goes through safeStringify (server.setReplySerializer): keys sorted,
// bigints `{"dataType":"bi","value":"<hex>"}`, Uint8Arrays `{"value":"<base64>","dataType":"u8ab"}`
// (lib-types writes that one with JSON.stringify: its keys are not sorted).
import { safeStringify } from './archiver-crypto';
import type { ChainNode } from './chain-ledger';
import { ACCOUNT_TYPE, INTERNAL_TX, TRANSACTION_TYPE, type ChainReceipt } from './chain-receipts';

export interface ExplorerView {
  nodes: () => Iterable<ChainNode>;
  /** The network account as the archiver stores it (network-account.ts networkAccountBody). */
  networkAccount: () => { accountId: string; cycleNumber: number; data: { timestamp: number }; hash: string };
  cycleOf: (ms: number) => number;
}

const ITEMS_PER_PAGE = 10;
const fail = (error: string) => safeStringify({ success: false, error });

function accountRows(view: ExplorerView) {
  const network = view.networkAccount();
  const rows: { accountId: string; cycle: number; timestamp: number; ethAddress: string; account: unknown; accountType: number; hash: string; isGlobal: number }[] = [
    { accountId: network.accountId, cycle: network.cycleNumber, timestamp: network.data.timestamp, ethAddress: network.accountId, account: network.data, accountType: ACCOUNT_TYPE.NetworkAccount, hash: network.hash, isGlobal: 1 },
  ];
  for (const chain of view.nodes()) {
    const { node, operator } = chain;
    const nodeTime = Number(node.timestamp);
    const operatorTime = Number(operator.timestamp);
    rows.push(
      { accountId: chain.publicKey, cycle: view.cycleOf(nodeTime), timestamp: nodeTime, ethAddress: chain.publicKey, account: node, accountType: ACCOUNT_TYPE.NodeAccount2, hash: String(node.hash), isGlobal: 0 },
      { accountId: `${chain.nominator.slice(2)}${'0'.repeat(24)}`, cycle: view.cycleOf(operatorTime), timestamp: operatorTime, ethAddress: chain.nominator, account: operator, accountType: ACCOUNT_TYPE.Account, hash: String(operator.hash), isGlobal: 0 },
    );
  }
  return rows.map((row) => ({ ...row, contractInfo: null, contractType: null }));
}

/** `/api/account?address=…&accountType=…`; the listing forms (count, page, type, cycles) are not served. */
export function explorerAccount(url: URL, view: ExplorerView): string {
  const address = url.searchParams.get('address');
  if (!address) return fail('not specified which transaction to show');
  const accountType = url.searchParams.has('accountType') ? parseInt(url.searchParams.get('accountType') ?? '', 10) : ACCOUNT_TYPE.Account;
  const row = accountRows(view).find((r) => r.accountType === accountType && r.ethAddress === address.toLowerCase());
  return safeStringify({ success: true, accounts: row ? [row] : undefined });
}

/** The `transactions` row (src/storage/index.ts): the receipt as `wrappedEVMAccount`, blockNumber parsed from hex. */
function transactionRow(receipt: ChainReceipt) {
  const readable = receipt.receipt.readableReceipt as { blockNumber: string; blockHash: string };
  return {
    txId: receipt.txId,
    cycle: receipt.cycle,
    timestamp: receipt.timestamp,
    blockNumber: parseInt(readable.blockNumber, 16),
    blockHash: readable.blockHash,
    wrappedEVMAccount: receipt.receipt,
    txFrom: receipt.txFrom,
    txTo: receipt.txTo,
    nominee: receipt.nominee,
    txHash: String(receipt.receipt.ethAddress),
    transactionType: receipt.transactionType,
    originalTxData: {},
    internalTXType: receipt.internalTXType,
  };
}

/** TransactionSearchType (explorer src/types/transaction.ts) → which rows it picks. */
function matchesType(receipt: ChainReceipt, txType: number | undefined): boolean {
  if (txType === undefined || Number.isNaN(txType) || txType === 0) return true;
  if (txType === 3) return receipt.transactionType === TRANSACTION_TYPE.StakeReceipt;
  if (txType === 4) return receipt.transactionType === TRANSACTION_TYPE.UnstakeReceipt;
  if (txType === 10) return receipt.transactionType === TRANSACTION_TYPE.InternalTxReceipt;
  if (txType === 11) return receipt.transactionType !== TRANSACTION_TYPE.InternalTxReceipt;
  if (txType === 20) return receipt.internalTXType === INTERNAL_TX.InitRewardTimes;
  if (txType === 21) return receipt.internalTXType === INTERNAL_TX.ClaimReward;
  if (txType === 24) return receipt.internalTXType === INTERNAL_TX.Penalty;
  if (txType === 18) return receipt.internalTXType === INTERNAL_TX.Stake;
  if (txType === 19) return receipt.internalTXType === INTERNAL_TX.Unstake;
  return false;
}

/** `/api/transaction` by nominee, address or txFrom; other forms answer as the server does with no filter. */
export function explorerTransactions(url: URL, view: ExplorerView): string {
  const query = Object.fromEntries(url.searchParams);
  const txType = query.txType === undefined ? undefined : parseInt(query.txType, 10);
  const all = [...view.nodes()].flatMap((chain) => chain.receipts);
  let picked: ChainReceipt[];
  if (query.address) {
    const address = query.address.toLowerCase();
    if (address.length !== 42 && address.length !== 64) return fail('The address is not correct!');
    picked = all.filter((r) => (r.txFrom === address || r.txTo === address || r.nominee === address) && matchesType(r, txType));
  } else if (query.txFrom || query.txTo || query.nominee) {
    const [column, value] = query.txFrom ? (['txFrom', query.txFrom] as const) : query.txTo ? (['txTo', query.txTo] as const) : (['nominee', query.nominee ?? ''] as const);
    picked = all.filter((r) => r[column] === value.toLowerCase());
  } else return fail('not specified which transaction to show');
  const page = query.page === undefined ? 1 : parseInt(query.page, 10);
  if (page <= 0 || Number.isNaN(page)) return fail('Invalid page number');
  if (picked.length === 0) return safeStringify({ success: true, transactions: [], totalPages: 0 });
  const totalPages = Math.ceil(picked.length / ITEMS_PER_PAGE);
  if (page > totalPages) return fail('Page no is greater than the totalPage');
  const sorted = [...picked].sort((a, b) => b.cycle - a.cycle || b.timestamp - a.timestamp);
  const transactions = sorted.slice((page - 1) * ITEMS_PER_PAGE, page * ITEMS_PER_PAGE).map(transactionRow);
  const counted = query.page !== undefined || query.address !== undefined || query.txType !== undefined;
  return safeStringify({ success: true, transactions, ...(counted ? { totalPages, totalTransactions: picked.length } : {}) });
}
