// Feature flags set the way the site's operator sets them: the admin wallet signs the gateway's
// challenge (POST /api/admin/auth/challenge, then /api/admin/auth/verify), and the bearer token it
// gets changes one flag per POST /api/admin/feature-flags. `npm run lighthouse` and the `lighthouse`
// tier of `npm test` use it to audit the pages under each flag state.
//
// The calls go to the gateway's own port, not through the web entry: the web entry believes no
// X-Forwarded-For (it is the edge), so every call from this machine would count against one client
// in the admin rate limit (20 requests per 15 minutes, kept in Redis across restarts), and a few runs
// in a row would end in 429. The gateway believes loopback, so each session names a client address
// of its own from 198.18.0.0/15 (set aside for benchmarks), and a session that has made as many
// admin calls as the limit allows goes on from a new one (the bearer token is not tied to an address).
//
// Route paths, flag names and the calculator defaults come from packages/contracts.
import * as contractsModule from '@shm/contracts';
import { Wallet } from 'ethers';

/** Hardhat's account #0: the dev ADMIN_WALLET the local stack accepts. The key is public; local use only. */
export const DEV_ADMIN_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const below = (n: number): number => Math.floor(Math.random() * n);
/** A client address of this session's own (198.18.0.0/15), so the admin rate limit counts this session alone. */
export const sessionClientIp = (): string => `198.${18 + below(2)}.${below(256)}.${1 + below(254)}`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** packages/contracts (kept as a function: the lighthouse run reads its routes through it). */
export const contracts = (): Promise<typeof contractsModule> => Promise.resolve(contractsModule);

export type Flags = Record<string, boolean>;

export interface AdminFlags {
  read: () => Promise<Flags>;
  set: (wanted: Flags) => Promise<Flags>;
}

/** The flag names the product knows (FEATURE_FLAG_NAMES): paymentGate, confetti, networkData, personalizedDashboard. */
export async function flagNames(): Promise<string[]> {
  return [...(await contracts()).FEATURE_FLAG_NAMES];
}

/**
 * Signs in as the admin at `gatewayUrl` (e.g. http://127.0.0.1:8000) and returns
 * `{ read(), set(flags) }`: `read` answers every flag as the gateway holds it, `set` changes the
 * flags that differ from `flags` (name → boolean; names left out stay as they are) and resolves once
 * calc follows the payment gate (it learns flags from `flags.changed` events, a moment later).
 */
export async function adminFlags({ gatewayUrl, key = DEV_ADMIN_KEY, ip = sessionClientIp() }: { gatewayUrl: string; key?: string; ip?: string }): Promise<AdminFlags> {
  const { adminContract, calcContract, ADMIN_RATE_LIMIT, CALCULATOR_DEFAULTS, FEATURE_FLAG_NAMES, ZERO_ADDRESS } = await contracts();
  let calls = 0;
  const call = async <T>(route: { path: string; method: string }, { body, token }: { body?: unknown; token?: string } = {}): Promise<T> => {
    calls += 1;
    if (calls > ADMIN_RATE_LIMIT.limit) {
      ip = sessionClientIp();
      calls = 1;
    }
    const res = await fetch(`${gatewayUrl}${route.path}`, {
      method: route.method,
      headers: {
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route.method} ${route.path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const admin = new Wallet(key);
  const { challenge } = await call<{ challenge: string }>(adminContract.challenge, { body: { walletAddress: admin.address } });
  const { adminToken } = await call<{ adminToken: string }>(adminContract.verify, {
    body: { walletAddress: admin.address, challenge, signature: await admin.signMessage(challenge) },
  });

  /** True once an anonymous calculation gets what the gate says: 403 with the gate on, 200 with it off. */
  const calcFollows = async (gateOn: boolean): Promise<boolean> => {
    const res = await fetch(`${gatewayUrl}${calcContract.economics.path}`, {
      method: calcContract.economics.method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS }),
    }).catch(() => null);
    return res?.status === (gateOn ? 403 : 200);
  };

  /** The flags as the gateway last answered them: read once here, then from each change's reply. */
  const readFlags = async (): Promise<Flags> => (await call<{ flags: Flags }>(adminContract.readFlags, { token: adminToken })).flags;
  let flags = await readFlags();

  return {
    read: async () => (flags = await readFlags()),
    async set(wanted) {
      const unknown = Object.keys(wanted).filter((name) => !(FEATURE_FLAG_NAMES as readonly string[]).includes(name));
      if (unknown.length) throw new Error(`unknown flag(s) ${unknown.join(', ')}; known: ${FEATURE_FLAG_NAMES.join(', ')}`);
      for (const [feature, enabled] of Object.entries(wanted)) {
        if (flags[feature] !== enabled) flags = (await call<{ flags: Flags }>(adminContract.setFlag, { body: { feature, enabled }, token: adminToken })).flags;
      }
      const deadline = Date.now() + 30_000;
      while (!(await calcFollows(Boolean(flags.paymentGate)))) {
        if (Date.now() > deadline) throw new Error(`calc did not follow paymentGate=${String(flags.paymentGate)} within 30 s`);
        await sleep(200);
      }
      return flags;
    },
  };
}
