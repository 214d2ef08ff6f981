import { z } from 'zod';
import { SHARDEUM_CHAIN_ID } from '@shm/contracts';
import { identityEnvShape, portSchema, serviceEnvSchema } from '@shm/platform';
import { trustedProxiesSchema } from '@shm/platform/edge';

const list = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

/** Hardhat's account #0: the deterministic local dev account, whose private key is public. Never for production. */
export const DEV_ADMIN_WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The shared service settings (packages/platform base-env.ts) plus the gateway's own. */
export const GatewayConfigSchema = serviceEnvSchema(
  {
    GATEWAY_PORT: portSchema(8000),
    CALC_URL: z.url().default('http://127.0.0.1:8101'),
    NETWORK_URL: z.url().default('http://127.0.0.1:8103'),
    PAYMENTS_URL: z.url().default('http://127.0.0.1:8102'),
    DASHBOARD_URL: z.url().default('http://127.0.0.1:8104'),
    /** The alerts service: the alert routes under /api/dashboard/alerts go there. */
    ALERTS_URL: z.url().default('http://127.0.0.1:8105'),
    /** Keeps one gateway's keys apart from another's on a shared Redis (tests give each file its own). */
    REDIS_KEY_PREFIX: z.string().default('gateway:'),
    /**
     * Proxies in front of the gateway whose X-Forwarded-For it believes (the web server): loopback when
     * it runs on the same host (local), its container address under docker-compose. Rate limits count
     * the client address taken from them.
     */
    TRUSTED_PROXIES: trustedProxiesSchema.default(['loopback']),
    /** Browser origins allowed to call the API with credentials. */
    CORS_ORIGINS: list.default(['http://localhost:8080', 'http://127.0.0.1:8080']),
    /** The site people open; signed messages must name its host as `domain` and it as `URI`. */
    PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
    CHAIN_ID: z.coerce.number().int().positive().default(SHARDEUM_CHAIN_ID),
    /** The one wallet that may sign in as admin (compared case-insensitively). */
    ADMIN_WALLET: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'ADMIN_WALLET must be a 0x address' })
      .default(DEV_ADMIN_WALLET),
    /** Signs the identity header the gateway sends to services. */
    ...identityEnvShape,
    WALLET_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(24 * 3600),
    ADMIN_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(8 * 3600),
    /** Largest request body the gateway lets through, in bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(64 * 1024),
    /** Sign-in calls (nonce, verify) per IP per window: each nonce is a Redis key, so this bounds them. */
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(600),
    SIGN_IN_RATE_WINDOW_S: z.coerce.number().int().positive().default(300),
    /** Payment calls (register, initiate, submitted, verify, status check) per signed-in wallet per window. */
    PAYMENT_RATE_LIMIT: z.coerce.number().int().positive().default(120),
    PAYMENT_RATE_WINDOW_S: z.coerce.number().int().positive().default(300),
    /** How long an upstream may take to answer before the caller gets a 504. */
    PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** Ordinary requests in flight to one service at once (its sockets); event streams have their own. */
    PROXY_MAX_SOCKETS: z.coerce.number().int().positive().default(256),
    /** How long a request waits for one of those sockets before it gets 503 UPSTREAM_UNAVAILABLE. */
    PROXY_SOCKET_WAIT_MS: z.coerce.number().int().positive().default(5_000),
    /** Event streams this instance keeps open at once; more get 429 RATE_LIMITED. */
    SSE_MAX_STREAMS: z.coerce.number().int().positive().default(1_000),
    /**
     * Requests this instance works on at once (probes and event streams not counted); one more gets
     * 503 OVERLOADED at once. Chosen from measurement: docs/operations.md, "Load shedding".
     */
    GATEWAY_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(64),
    /** The `Retry-After` (seconds) of that 503. */
    GATEWAY_RETRY_AFTER_S: z.coerce.number().int().positive().default(1),
  },
  { ADMIN_WALLET: DEV_ADMIN_WALLET },
);
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

export const serviceUrls = (config: GatewayConfig) => ({
  calc: config.CALC_URL,
  network: config.NETWORK_URL,
  payments: config.PAYMENTS_URL,
  dashboard: config.DASHBOARD_URL,
  alerts: config.ALERTS_URL,
});
