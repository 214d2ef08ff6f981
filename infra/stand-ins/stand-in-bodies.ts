// The JSON bodies the stand-in answers with, in the shapes of shardeum/archiver (src/API.ts),
// CoinGecko's /simple/price, Shardeum's JSON-RPC and the explorer server.

/** The upstream systems the stand-in plays, one per path family. */
export type StandInPart = 'cycleinfo' | 'nodelist' | 'account' | 'price' | 'rpc' | 'explorer';

export interface StandInNetwork {
  /** Validators in the active set (foundation + community). */
  active: number;
  /** How many of the active validators are foundation nodes. */
  foundation: number;
  standby: number;
  syncing: number;
  desired: number;
  counter: number;
  /** Cycle length, seconds. */
  duration: number;
  /** False: node-list entries carry no `foundationNode` flag (as for nodes active before the flag existed). */
  foundationFlags: boolean;
  rewardUsdPerHour: number;
  stakeRequiredUsd: number;
  /** The network account's stability factor, stabilityScaleMul / stabilityScaleDiv. */
  shmPerUsd: number;
}

export interface StandInPrice {
  usd: number;
  /** USD market cap and 24 h volume; other currencies get them at their rate. */
  marketCap: number;
  volume24h: number;
  /** Units of each other currency per US dollar (lower-case code → rate); SHM in it is `usd × rate`. */
  perUsd: Record<string, number>;
}

/** What CoinGecko would show: the value to 8 significant digits, without float noise. */
const significant = (value: number) => Number(value.toPrecision(8));

/**
 * CoinGecko's `simple/price` for `shardeum`: the asked `vs_currencies` the stand-in knows (USD and
 * `perUsd`'s), each with `<c>_market_cap` / `<c>_24h_vol` when asked for; USD alone when none is asked.
 */
function simplePrice(price: StandInPrice, url: URL) {
  const rates: Record<string, number> = { usd: 1, ...price.perUsd };
  const asked = (url.searchParams.get('vs_currencies') ?? 'usd').toLowerCase().split(',');
  const body: Record<string, number> = {};
  for (const currency of asked.filter((c) => rates[c] !== undefined)) {
    const rate = rates[currency]!;
    body[currency] = significant(price.usd * rate);
    if (url.searchParams.get('include_market_cap') === 'true') body[`${currency}_market_cap`] = significant(price.marketCap * rate);
    if (url.searchParams.get('include_24hr_vol') === 'true') body[`${currency}_24h_vol`] = significant(price.volume24h * rate);
  }
  return { shardeum: { ...body, last_updated_at: Math.floor(Date.now() / 1000) - 30 } };
}

const sign = { owner: '7af699dd711074eb96a8d1103e32b589e511613ebb0c6a789a9e8791b2b05f34', sig: 'a1b2c3d4'.repeat(16) };
/** Shardus serialises bigints as `{ dataType: 'bi', value: <hex> }`. */
const bigintOf = (units: number) => ({ dataType: 'bi', value: (BigInt(Math.round(units * 1e6)) * 10n ** 12n).toString(16) });

function node(index: number, foundation: boolean | undefined) {
  const hex = index.toString(16).padStart(8, '0');
  return {
    id: `${hex}`.repeat(8),
    ip: `10.${(index >> 8) & 255}.${index & 255}.7`,
    port: 9001,
    externalIp: `34.${(index >> 8) & 255}.${index & 255}.7`,
    externalPort: 9001,
    publicKey: `${hex}cafe`.repeat(5).slice(0, 64).padEnd(64, '0'),
    ...(foundation === undefined ? {} : { foundationNode: foundation }),
  };
}

export function standInBodies(network: StandInNetwork, price: StandInPrice) {
  const start = Math.floor(Date.now() / 1000 / network.duration) * network.duration;
  const cycleRecord = {
    counter: network.counter,
    start,
    duration: network.duration,
    networkId: 'a4e8f2c0'.repeat(8),
    mode: 'processing',
    previous: 'f00d'.repeat(16),
    marker: 'beef'.repeat(16),
    certificate: {},
    active: network.active,
    standby: network.standby,
    syncing: network.syncing,
    desired: network.desired,
    target: network.desired,
    activated: [],
    joinedConsensors: [],
    removed: [],
    lost: [],
    refuted: [],
    expired: 1,
  };
  const flag = (isFoundation: boolean) => (network.foundationFlags ? isFoundation : undefined);
  const lists = {
    active: () => Array.from({ length: network.active }, (_, i) => node(i, flag(i < network.foundation))),
    standby: () => Array.from({ length: network.standby }, (_, i) => node(network.active + i, flag(false))),
    syncing: () => Array.from({ length: network.syncing }, (_, i) => node(100_000 + i, flag(false))),
  };

  function forPart(part: StandInPart, url: URL, rpcBody: string): unknown {
    switch (part) {
      case 'cycleinfo':
        return { cycleInfo: [cycleRecord], sign };
      case 'nodelist': {
        if (url.searchParams.get('activeOnly') === 'true') return { nodeList: lists.active(), sign };
        if (url.searchParams.get('standbyOnly') === 'true') return { nodeList: lists.standby(), sign };
        if (url.searchParams.get('syncingOnly') === 'true') return { nodeList: lists.syncing(), sign };
        return { nodeList: [...lists.active(), ...lists.syncing()], sign };
      }
      case 'account':
        return {
          networkAccount: {
            accountId: '1000000000000000000000000000000000000000000000000000000000000001',
            cycleNumber: network.counter,
            isGlobal: true,
            timestamp: Date.now(),
            hash: 'c0ffee'.repeat(10),
            data: {
              id: '1000000000000000000000000000000000000000000000000000000000000001',
              accountType: 5,
              current: {
                title: 'Mainnet parameters',
                description: 'Network parameters of the stand-in',
                nodeRewardInterval: 3_600_000,
                nodeRewardAmountUsd: bigintOf(network.rewardUsdPerHour),
                nodePenaltyUsd: bigintOf(network.rewardUsdPerHour * 10),
                stakeRequiredUsd: bigintOf(network.stakeRequiredUsd),
                restakeCooldown: 1_800_000,
                stabilityScaleMul: Math.round(network.shmPerUsd * 1000),
                stabilityScaleDiv: 1000,
                certCycleDuration: 30,
              },
              next: {},
              listOfChanges: [],
            },
          },
          sign,
        };
      case 'price':
        return simplePrice(price, url);
      case 'rpc': {
        const request = JSON.parse(rpcBody || '{}') as { id?: number; method?: string };
        if (request.method !== 'shardeum_getCycleInfo') {
          return { jsonrpc: '2.0', id: request.id ?? null, error: { code: -32601, message: 'Method not found' } };
        }
        return {
          jsonrpc: '2.0',
          id: request.id ?? null,
          result: {
            cycleInfo: {
              counter: network.counter,
              duration: network.duration,
              start,
              nodes: { active: network.active, standby: network.standby, syncing: network.syncing, desired: network.desired },
            },
          },
        };
      }
      case 'explorer':
        return { success: true, cycles: [{ counter: network.counter, cycleMarker: cycleRecord.marker, cycleRecord }] };
    }
  }

  /** Valid JSON in the wrong shape, per part. */
  function malformed(part: StandInPart): unknown {
    switch (part) {
      case 'cycleinfo':
        return { cycleInfo: [{ counter: 'latest', active: -4, standby: 'many' }], sign };
      case 'nodelist':
        return { nodeList: 'all of them', sign };
      case 'account':
        return { networkAccount: { data: { current: { nodeRewardInterval: 'hourly' } } }, sign };
      case 'price':
        return { shardeum: { usd: 'cheap' } };
      case 'rpc':
        return { jsonrpc: '2.0', id: 1, result: { cycleInfo: { nodes: { active: 'x' } } } };
      case 'explorer':
        return { success: true, cycles: [] };
    }
  }

  return { forPart, malformed };
}
