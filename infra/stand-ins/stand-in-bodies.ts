// The bodies of the parts an archiver of the stand-in serves besides the archiver routes: CoinGecko's
// /simple/price, Shardeum's JSON-RPC `shardeum_getCycleInfo` (shardeum/json-rpc-server branch
// expose-network-info 4dfea37 src/api.ts, src/external/Collector.ts) and the explorer server's
// `/api/cycleinfo` (shardeum/explorer-server 1c2d5db src/server.ts), plus valid JSON in the wrong
// shape per part for the `malformed` mode.
import type { CycleRecord } from './cycle-record';
import type { PriceHistory } from './price-history';

/** The upstream systems the stand-in plays, one per path family. */
export type StandInPart =
  | 'cycleinfo'
  | 'cycle-range'
  | 'nodelist'
  | 'account'
  | 'archivers'
  | 'price'
  | 'rpc'
  | 'explorer'
  /** The chain's money (chain-ledger.ts): explorer /api/account, /api/transaction; a validator's /account/:address. */
  | 'explorer-account'
  | 'explorer-transaction'
  | 'validator-account'
  /** CoinGecko /coins/{id}/market_chart/range (price-history.ts). */
  | 'price-history';

export interface StandInPrice {
  usd: number;
  /** USD market cap and 24 h volume; other currencies get them at their rate. */
  marketCap: number;
  volume24h: number;
  /** Units of each other currency per US dollar (lower-case code → rate); SHM in it is `usd × rate`. */
  perUsd: Record<string, number>;
  /** Daily prices for market_chart/range: currency → 'YYYY-MM-DD' → price; a currency without one gets USD × perUsd. */
  history: PriceHistory;
  /** How far back market_chart/range answers (the demo/public plan's 365 days; Infinity for a paid plan). */
  historyLimitDays: number;
}

/** What CoinGecko would show: the value to 8 significant digits, without float noise. */
const significant = (value: number) => Number(value.toPrecision(8));

/**
 * CoinGecko's `simple/price`: `ids` picks the coins (only `shardeum` is known here, others are left
 * out), each with the asked `vs_currencies` the stand-in knows (USD and `perUsd`'s) and
 * `<c>_market_cap` / `<c>_24h_vol` when asked for.
 */
export function simplePrice(price: StandInPrice, url: URL) {
  const ids = (url.searchParams.get('ids') ?? '').toLowerCase().split(',');
  if (!ids.includes('shardeum')) return {};
  const rates: Record<string, number> = { usd: 1, ...price.perUsd };
  const asked = (url.searchParams.get('vs_currencies') ?? 'usd').toLowerCase().split(',');
  const body: Record<string, number> = {};
  for (const currency of asked) {
    const rate = rates[currency];
    if (rate === undefined) continue;
    body[currency] = significant(price.usd * rate);
    if (url.searchParams.get('include_market_cap') === 'true') body[`${currency}_market_cap`] = significant(price.marketCap * rate);
    if (url.searchParams.get('include_24hr_vol') === 'true') body[`${currency}_24h_vol`] = significant(price.volume24h * rate);
  }
  return { shardeum: { ...body, last_updated_at: Math.floor(Date.now() / 1000) - 30 } };
}

/** CoinGecko's error bodies (docs.coingecko.com "Errors & Rate Limits": 10002 missing key, 429). */
export const COINGECKO_MISSING_KEY = { status: { error_code: 10002, error_message: 'API Key Missing' } };
export const COINGECKO_RATE_LIMITED = {
  status: {
    error_code: 429,
    error_message:
      "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
  },
};

/** JSON-RPC `shardeum_getCycleInfo`: params `[]`, `[null]` or `[cycleNumber]`. */
export function rpcReply(rpcBody: string, recordAt: (counter: number | null) => CycleRecord | undefined, chainId: number) {
  let request: { id?: unknown; method?: unknown; params?: unknown };
  try {
    request = JSON.parse(rpcBody || '{}') as typeof request;
  } catch {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
  }
  const id = request.id ?? null;
  // eth_chainId as every Ethereum JSON-RPC answers it: the chain id in 0x-hex.
  if (request.method === 'eth_chainId') return { jsonrpc: '2.0', id, result: `0x${chainId.toString(16)}` };
  if (request.method !== 'shardeum_getCycleInfo') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  const args = request.params;
  if (!Array.isArray(args) || args.length > 1 || (args.length === 1 && typeof args[0] !== 'number' && args[0] !== null)) {
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: Expected a single number or null.' } };
  }
  // The collector is asked for the latest cycle when the number is missing, null or 0.
  const record = recordAt(typeof args[0] === 'number' && args[0] ? args[0] : null);
  if (!record) return { jsonrpc: '2.0', id, error: { code: -32000, message: 'Cycle info not found' } };
  const nodes = { active: record.active, standby: record.standby, syncing: record.syncing };
  // `timestamp` is the record's, which cycle records do not have: JSON leaves it out as the server's does.
  const cycleInfo = {
    cycleCounter: record.counter,
    startTime: record.start * 1000,
    endTime: (record.start + record.duration) * 1000,
    nodes,
    desired: record.desired,
    duration: record.duration,
    maxSyncTime: record.maxSyncTime,
    timestamp: record.timestamp,
  };
  return { jsonrpc: '2.0', id, result: { cycleInfo } };
}

/** Explorer `/api/cycleinfo?count=N` (newest first) or `?cycleNumber=C`. */
export function explorerReply(url: URL, latest: (count: number) => CycleRecord[], at: (c: number) => CycleRecord | undefined) {
  const cycleNumber = url.searchParams.get('cycleNumber');
  const records = cycleNumber
    ? [at(Number(cycleNumber))].filter((r): r is CycleRecord => r !== undefined)
    : latest(Math.min(100, Math.max(1, Number(url.searchParams.get('count') ?? 1) || 1)));
  return { success: true, cycles: records.map((cycleRecord) => ({ cycleMarker: cycleRecord.marker, counter: cycleRecord.counter, cycleRecord })) };
}

/** Valid JSON in the wrong shape, per part (archiver parts are signed by the caller). */
export function malformed(part: StandInPart): object {
  switch (part) {
    case 'cycleinfo':
    case 'cycle-range':
      return { cycleInfo: [{ counter: 'latest', active: -4, standby: 'many' }] };
    case 'nodelist':
      return { nodeList: 'all of them' };
    case 'account':
      return { networkAccount: { data: { current: { nodeRewardInterval: 'hourly' } } } };
    case 'archivers':
      return { activeArchivers: 'everyone' };
    case 'price':
      return { shardeum: { usd: 'cheap' } };
    case 'rpc':
      return { jsonrpc: '2.0', id: 1, result: { cycleInfo: { nodes: { active: 'x' } } } };
    case 'explorer':
      return { success: true, cycles: [] };
    case 'explorer-account':
      return { success: true, accounts: [{ accountId: 7, account: 'node' }] };
    case 'explorer-transaction':
      return { success: true, transactions: 'none', totalPages: -1 };
    case 'validator-account':
      return { account: { data: { stakeLock: 2400, reward: 'lots' } } };
    case 'price-history':
      return { prices: [['yesterday', 'cheap']] };
  }
}
