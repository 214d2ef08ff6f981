import { z } from 'zod';
import { portSchema, serviceEnvSchema } from '@shm/platform';

/** A comma list of base URLs; every entry must be an http(s) URL. */
const urlList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/ })));

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
  /** Keeps this service's keys (and its BullMQ queue) apart from others' on a shared Redis. */
  REDIS_KEY_PREFIX: z.string().default('network:'),
  /** Mainnet archivers from docs.shardeum.org (tried in order); `npm start` points this at a local stand-in. */
  ARCHIVER_URLS: urlList.default(['http://35.238.248.68:4000', 'http://34.23.94.188:4000']),
  /** Shardeum JSON-RPC for the rpc_analysis fallback (`shardeum_getCycleInfo`); empty turns it off. */
  NETWORK_RPC_URL: optionalUrl('https://api.shardeum.org'),
  /** Explorer server for the explorer_api fallback (`/api/cycleinfo?count=1`); empty turns it off. */
  EXPLORER_API_URL: optionalUrl('https://explorer.shardeum.org'),
  /** CoinGecko simple-price endpoint (or anything speaking its shape). */
  PRICE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com/api/v3/simple/price'),
  NETWORK_POLL_MS: ms(300_000),
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
  /** Off: serve from Redis only, run no poller in this process (an API-only replica). */
  POLLING_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type NetworkConfig = z.infer<typeof NetworkConfigSchema>;
