import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { portSchema, processEnvShape } from '@shm/platform';
import { trustedProxiesSchema } from '@shm/platform/edge';

/** The settings every process shares (packages/platform base-env.ts) plus the web server's own. */
export const WebConfigSchema = z.object({
  ...processEnvShape,
  WEB_PORT: portSchema(8080),
  /**
   * This process's /metrics, on a port of its own: the public port (WEB_PORT) is the edge and never
   * answers metrics. Only Prometheus may reach this one (NetworkPolicy; compose publishes only WEB_PORT).
   */
  WEB_METRICS_PORT: portSchema(8090),
  GATEWAY_URL: z.url().default('http://127.0.0.1:8000'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../dist', import.meta.url))),
  /** The server render of the pages (built by `npm run build -w web`); without it pages are served as the app shell. */
  WEB_SSR_ENTRY: z.string().default(fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url))),
  /** How long a page's render waits for the API; past it the page is rendered with what arrived (the browser fetches the rest). */
  WEB_SSR_TIMEOUT_MS: z.coerce.number().int().positive().default(1_500),
  /** A page rendered with every answer is reused this long for the same address (0: never). Flags reach a page within this plus the flags' own cache. */
  WEB_SSR_CACHE_MS: z.coerce.number().int().nonnegative().default(5_000),
  /** Addresses whose page is kept at once. */
  WEB_SSR_CACHE_ENTRIES: z.coerce.number().int().positive().default(200),
  /** Renders at once; past this a page goes out as the app shell, which the browser renders. */
  WEB_SSR_MAX_CONCURRENT: z.coerce.number().int().positive().default(16),
  /** The site people open (as the gateway's PUBLIC_ORIGIN): canonical links, the sitemap, sharing cards, the API docs' base URL. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Ordinary /api requests in flight to the gateway at once (its sockets); event streams have their own. */
  PROXY_MAX_SOCKETS: z.coerce.number().int().positive().default(256),
  /** How long a request waits for one of those sockets before it gets 503 UPSTREAM_UNAVAILABLE. */
  PROXY_SOCKET_WAIT_MS: z.coerce.number().int().positive().default(5_000),
  /** Load balancers in front of this server whose X-Forwarded-For it believes; none by default (it is the edge). */
  WEB_TRUSTED_PROXIES: trustedProxiesSchema.default([]),
  /**
   * Where the page may connect besides itself (Content-Security-Policy connect-src): the chain's public
   * RPC (PUBLIC_RPC_URL of payments) and the WalletConnect relay. Space- or comma-separated.
   */
  WEB_CONNECT_SRC: z
    .string()
    .default('https://api.shardeum.org wss://relay.walletconnect.org wss://relay.walletconnect.com https://rpc.walletconnect.org https://rpc.walletconnect.com https://pulse.walletconnect.org https://api.web3modal.org')
    .transform((s) => s.split(/[\s,]+/).filter(Boolean)),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;
