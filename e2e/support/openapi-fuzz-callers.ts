import { Wallet, hexlify, randomBytes } from 'ethers';
import { API_ENDPOINTS, dashboardContract, paymentContract, type Route } from '@shm/contracts';
import { adminTokenFor } from './admin-api';
import { BASE_URL } from './browser';
import { signIn } from './fuzz-callers';

/** One record of each kind a signed-in wallet owns, by the path parameter that names it. */
export interface OwnRecords {
  profile: string;
  entry: string;
  scenario: string;
  destination: string;
  session: string;
}

/** What the OpenAPI fuzzer's hooks (openapi-fuzz-hooks.py) send as: read from the file FUZZ_CREDENTIALS names. */
export interface FuzzCredentials {
  /** Signed-in wallets the requests rotate through, each with records of its own. */
  wallets: { cookie: string; address: string; records: OwnRecords }[];
  /** Wallets that only verify payments (never opening a session, so verify-payment answers at once). */
  verifiers: { cookie: string; address: string }[];
  adminToken: string;
  /** One each for the admin logout's requests, each of which ends the token it carries. */
  spareAdminTokens: string[];
  /** For the admin logouts past the spare tokens. */
  invalidAdminToken: string;
  /** Where the hooks' client addresses start in 198.19.0.0/16. */
  addressStart: number;
}

const exampleOf = (route: Route): Record<string, unknown> => {
  const entry = API_ENDPOINTS.find((e) => e.method === route.method && e.path === route.path);
  if (!entry) throw new Error(`No API endpoint documents ${route.method} ${route.path}`);
  const { walletAddress: _theirs, ...body } = entry.bodyExample as Record<string, unknown>;
  return body;
};

/**
 * Opens a payment session and saves a profile, a portfolio entry (linked to no node), a scenario
 * and an alert destination (to localhost: the service resolves a URL's host first, and the test
 * machine resolves no public name) for a signed-in wallet, from the documented examples.
 */
async function recordsOf({ cookie, address }: { cookie: string; address: string }, ip: string): Promise<OwnRecords> {
  const post = async (route: Route, body: unknown) => {
    const res = await fetch(`${BASE_URL}${route.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route.path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string | Record<string, string>>;
  };
  const { nodePublicKey: _node, ...entry } = exampleOf(dashboardContract.createEntry);
  const destination = exampleOf(dashboardContract.createDestination);
  /** The id of the record a create answered with, under `key`. */
  const created = async (route: Route, body: unknown, key: string) => {
    const { id } = (await post(route, body))[key] as Record<string, string>;
    if (!id) throw new Error(`${route.method} ${route.path} answered no ${key}.id`);
    return id;
  };
  const profile = await created(dashboardContract.createProfile, exampleOf(dashboardContract.createProfile), 'profile');
  return {
    session: (await post(paymentContract.initiate, { walletAddress: address })).sessionId as string,
    profile,
    entry: await created(dashboardContract.createEntry, entry, 'entry'),
    scenario: await created(dashboardContract.saveScenario, { ...exampleOf(dashboardContract.saveScenario), profileId: profile }, 'scenario'),
    destination: await created(dashboardContract.createDestination, { ...destination, url: String(destination.url).replace(/^(https?:\/\/)[^/]+/, '$1localhost') }, 'destination'),
  };
}

/**
 * Signs in `wallets` wallets with records of their own and `verifiers` without, and the admin
 * (a token for the run and `spareAdminTokens` for its logouts), each sign-in from an address of
 * `nextAddress`. The dashboard's flag must be on.
 */
export async function fuzzCredentials(
  nextAddress: () => string,
  { wallets, verifiers, spareAdminTokens }: { wallets: number; verifiers: number; spareAdminTokens: number },
): Promise<FuzzCredentials> {
  const signedIn = async () => {
    const wallet = new Wallet(hexlify(randomBytes(32)));
    return { cookie: await signIn(wallet, nextAddress()), address: wallet.address };
  };
  const credentials: FuzzCredentials = {
    wallets: [],
    verifiers: [],
    adminToken: await adminTokenFor(nextAddress()),
    spareAdminTokens: [],
    invalidAdminToken: hexlify(randomBytes(32)).slice(2),
    addressStart: Math.floor(Math.random() * 2 ** 16),
  };
  const times = <T>(count: number, make: () => Promise<T>) => Promise.all(Array.from({ length: count }, make));
  // All at once: each wallet's steps in order, the wallets side by side.
  [credentials.wallets, credentials.verifiers, credentials.spareAdminTokens] = await Promise.all([
    times(wallets, async () => {
      const caller = await signedIn();
      return { ...caller, records: await recordsOf(caller, nextAddress()) };
    }),
    times(verifiers, signedIn),
    times(spareAdminTokens, () => adminTokenFor(nextAddress())),
  ]);
  return credentials;
}
