import { z } from 'zod';
import { SHARDEUM_CHAIN_ID } from '@shm/contracts';
import { portSchema, serviceEnvSchema } from '@shm/platform';

/**
 * A comma list of archiver seeds, `http(s)://host:port` each, optionally pinned to the archiver's
 * public key as `…#<64 hex>`: the archiver list a pinned seed serves must be signed with that key.
 */
const seedList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^https?:\/\/[^#\s]+(#[0-9a-f]{64})?$/, 'an http(s) URL, optionally followed by #<archiver public key, 64 hex>')
        .transform((entry) => {
          const [url, publicKey] = entry.split('#') as [string, string | undefined];
          return publicKey ? { url: url.replace(/\/+$/, ''), publicKey } : { url: url.replace(/\/+$/, '') };
        })
        .pipe(z.object({ url: z.url({ protocol: /^https?$/ }), publicKey: z.string().optional() })),
    ),
  );

/** An optional base URL: empty turns the source off. */
const optionalUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) => s.trim())
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]));

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The shared service settings (packages/platform base-env.ts; network checks no identity) plus its own. */
export const NetworkConfigSchema = serviceEnvSchema({
  NETWORK_PORT: portSchema(8103),
  /** The node tracking process's port (node-tracking/main.ts: /healthz, /readyz, /metrics only). */
  NODE_TRACKING_PORT: portSchema(8106),
  /** Keeps this service's keys (and its BullMQ queue) apart from others' on a shared Redis. */
  REDIS_KEY_PREFIX: z.string().default('network:'),
  /**
   * Seeds: the archivers asked for the active archiver list (`/archivers`). NETWORK=mainnet|testnet
   * fills in its network's archivers pinned to their keys; the default (NETWORK=local) is the local
   * stand-in, which `npm start` runs. Pin each to its public key in production (NODE_ENV=production
   * refuses an unpinned seed).
   */
  ARCHIVER_URLS: seedList.default([{ url: 'http://127.0.0.1:4100' }]),
  /** Shardeum JSON-RPC for the rpc_analysis fallback (`shardeum_getCycleInfo`); empty turns it off. */
  NETWORK_RPC_URL: optionalUrl('http://127.0.0.1:4100'),
  /** Explorer server for the explorer_api fallback (`/api/cycleinfo?count=1`); empty turns it off. */
  EXPLORER_API_URL: optionalUrl('http://127.0.0.1:4100'),
  /** The chain the JSON-RPC must answer `eth_chainId` with; another is refused (`wrong-network`). */
  CHAIN_ID: z.coerce.number().int().positive().default(SHARDEUM_CHAIN_ID),
  /**
   * The `networkId` every cycle record must carry (64 hex); unset: learned from the first quorum of
   * archivers and held in MongoDB. A record naming another network is refused (`wrong-network`).
   */
  NETWORK_ID: z
    .string()
    .regex(/^[0-9a-f]{64}$/, '64 lower-case hex (a cycle record\'s networkId)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An archiver whose newest cycle started more than this many cycles ago is refused (`stale`). */
  ARCHIVER_MAX_LAG_CYCLES: z.coerce.number().int().min(1).max(1000).default(5),
  /** CoinGecko simple-price endpoint (or anything speaking its shape). */
  PRICE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com/api/v3/simple/price'),
  NETWORK_POLL_MS: ms(60_000),
  PRICE_POLL_MS: ms(60_000),
  /** Each outside call gives up after this long. */
  UPSTREAM_TIMEOUT_MS: ms(5_000),
  /** Largest reply read from an outside system (node lists are the big ones). */
  UPSTREAM_MAX_BYTES: z.coerce.number().int().positive().default(4 * 1024 * 1024),
  /** A refresh within this long of the last one starts no new poll (shared by every replica). */
  REFRESH_DEBOUNCE_MS: ms(10_000),
  /** How long a refresh call waits for its poll before answering with what is stored. */
  REFRESH_WAIT_MS: ms(8_000),
  /** A live snapshot younger than this is kept when every live source fails, instead of the estimate. */
  SNAPSHOT_KEEP_MS: ms(30 * 60_000),
  /** How long each replica keeps the snapshot in memory between Redis reads (0 turns the cache off). */
  SNAPSHOT_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
  /** The same for the SHM price (0 turns the cache off). */
  PRICE_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
  /** MongoDB keeps what must outlive a restart: the cycle history (foundation flags, rotation) and the network's history. */
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27018'),
  MONGO_DB: z.string().default('shm_network'),
  /** The Shardus hash key archivers sign with (shardeum/archiver Config.ts default). */
  ARCHIVER_HASH_KEY: z.string().regex(/^[0-9a-f]{64}$/).default('69fa4195670576c0160d660c3be36556ff8d504725be8a59b5a96509e0c994bc'),
  /** This service's key pair for signed archiver requests (`POST /cycleinfo`), hex; generated at start when unset. */
  ARCHIVER_REQUEST_SECRET_KEY: z.string().regex(/^[0-9a-f]{128}$/).optional(),
  /** Off: ask only the seeds in ARCHIVER_URLS, never the archivers they list. */
  ARCHIVER_DISCOVERY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Cycle-history ranges (≤ 100 cycles each) one poll may read, forward to close a gap and backward to recover flags. */
  CYCLE_RANGES_PER_POLL: z.coerce.number().int().min(0).max(1000).default(20),
  /** How far back the history is read to recover foundation flags (cycles). */
  CYCLE_BACKFILL_MAX: z.coerce.number().int().min(0).default(100_000),
  /** Cycles of history the rotation figures rest on (and kept in MongoDB). */
  ROTATION_WINDOW_CYCLES: z.coerce.number().int().min(10).default(10_080),
  /** Retention of the network history: 5-minute buckets (hours) and hourly buckets (days). */
  HISTORY_RAW_RETENTION_HOURS: z.coerce.number().int().min(1).default(48),
  HISTORY_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Node tracking (docs/network-data.md, "Node tracking"): cycle records one run processes at most
   * (a first run, or one after a long absence, catches up over several runs of one job).
   */
  NODE_TRACKING_CYCLES_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** A syncing node that no node list shows for more than this many cycles has vanished. */
  NODE_SYNC_VANISH_CYCLES: z.coerce.number().int().min(1).default(10),
  /** Ended active periods (and nodes gone) are kept and shown this long. */
  NODE_PERIOD_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Node money (docs/node-money.md): validators asked for a node's accounts when the explorer
   * (EXPLORER_API_URL) fails, a comma list of `http(s)://ip:port` (a validator's external API); empty: no fallback.
   */
  NODE_ACCOUNT_VALIDATOR_URLS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((x) => x.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** How long one node's money (its chain reads) is kept per replica: the explorer is asked at most this often per node. */
  NODE_MONEY_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /** CoinGecko coin id, and an optional API key sent in the named header (demo or pro plan). */
  PRICE_COIN_ID: z.string().regex(/^[a-z0-9-]{1,100}$/).default('shardeum'),
  PRICE_API_KEY: z.string().max(200).optional(),
  PRICE_API_KEY_HEADER: z.enum(['x-cg-demo-api-key', 'x-cg-pro-api-key']).default('x-cg-demo-api-key'),
  /** Off: serve from Redis only, run no poller in this process (an API-only replica). */
  POLLING_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
}).superRefine((config, ctx) => {
  // Over plain http a man in the middle could sign a list of his own archivers; a pinned key stops that.
  if (config.NODE_ENV === 'production' && (config.ARCHIVER_URLS.length === 0 || config.ARCHIVER_URLS.some((seed) => !seed.publicKey))) {
    ctx.addIssue({ code: 'custom', path: ['ARCHIVER_URLS'], message: 'every archiver seed must be pinned to its public key (url#<64 hex>) in production: set NETWORK=mainnet (or testnet) for its pinned archivers' });
  }
});
export type NetworkConfig = z.infer<typeof NetworkConfigSchema>;
