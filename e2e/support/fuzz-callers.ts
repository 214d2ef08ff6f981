import { Wallet, hexlify, randomBytes } from 'ethers';
import { ErrorCode, buildSiweMessage, signInFields, type NonceReply } from '@shm/contracts';
import { adminTokenFor } from './admin-api';
import { BASE_URL } from './browser';

export type CallerKind = 'anonymous' | 'signedIn' | 'admin';

/** One property run's caller: the headers it sends (its own client address included) and the wallet it acts for. */
export interface FuzzCaller {
  kind: CallerKind;
  ip: string;
  headers: Record<string, string>;
  /** The signed-in wallet (for the others, an address no one signed in with). */
  wallet: string;
}

/**
 * Client addresses of a fuzz file, from 198.<block>.0.0/16 (half the benchmarking range 198.18.0.0/15,
 * 65,536 addresses: api-fuzz's property runs take block 18, api-fuzz-openapi's requests block 19),
 * from a random start and never the same one twice in a file: every property run (a shrinking run
 * too) comes from an address of its own, so the per-address limits (admin: 20 per 15 minutes) count
 * each run alone and its requests reach the route. The other test files draw theirs from 100.64.0.0/10.
 */
export function fuzzAddresses(block: 18 | 19 = 18): () => string {
  const size = 2 ** 16;
  let n = Math.floor(Math.random() * size);
  return () => {
    n = (n + 1) % size;
    return `198.${block}.${n >> 8}.${n & 255}`;
  };
}

/** Signs a new wallet in (nonce, SIWE message, verify) from `ip`; returns its session cookie. */
export async function signIn(wallet: Wallet, ip: string): Promise<string> {
  const headers = { 'x-forwarded-for': ip };
  const nonceRes = await fetch(`${BASE_URL}/api/auth/nonce`, { headers });
  if (!nonceRes.ok) throw new Error(`nonce from ${ip}: ${nonceRes.status} ${await nonceRes.text()}`);
  const message = buildSiweMessage(signInFields((await nonceRes.json()) as NonceReply, wallet.address));
  const res = await fetch(`${BASE_URL}/api/auth/verify`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await wallet.signMessage(message) }),
  });
  if (!res.ok) throw new Error(`sign-in from ${ip}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in from ${ip}: the reply sets no session cookie`);
  return cookie;
}

const stranger = Wallet.createRandom().address;
/** Runs one signed-in wallet serves: far below the payment limit per wallet (120 per 5 minutes). */
const WALLET_USES = 20;

/**
 * Callers for property runs. Every run comes from the address it is given; the credentials are
 * shared between runs (a signature each side costs more than the request under test), yet never so
 * far that a limit counts them: a signed-in wallet serves WALLET_USES runs, then a new one signs in;
 * the admin token (bound to no address, limited by none) serves every run. A run that may end its
 * credentials (a logout route) gets credentials of its own: `fresh`.
 */
export function fuzzCallers() {
  let session: { cookie: string; address: string; uses: number } | undefined;
  let adminToken: string | undefined;
  return async (kind: CallerKind, ip: string, { fresh = false } = {}): Promise<FuzzCaller> => {
    const base = { 'x-forwarded-for': ip };
    if (kind === 'signedIn') {
      if (fresh || !session || session.uses >= WALLET_USES) {
        const wallet = new Wallet(hexlify(randomBytes(32)));
        const mine = { cookie: await signIn(wallet, ip), address: wallet.address, uses: 0 };
        if (fresh) return { kind, ip, headers: { ...base, cookie: mine.cookie }, wallet: mine.address };
        session = mine;
      }
      session.uses += 1;
      return { kind, ip, headers: { ...base, cookie: session.cookie }, wallet: session.address };
    }
    if (kind === 'admin') {
      // The admin sign-in's two calls count against `ip`'s 20, beside the run's own one.
      const token = fresh ? await adminTokenFor(ip) : (adminToken ??= await adminTokenFor(ip));
      return { kind, ip, headers: { ...base, authorization: `Bearer ${token}` }, wallet: stranger };
    }
    return { kind, ip, headers: base, wallet: stranger };
  };
}

/** How the answers of one route fell out. */
export interface RouteCount {
  runs: number;
  /** Answered by the route itself (its own 2xx and 4xx, validation included): not 429, not a flag that is off. */
  reached: number;
  limited: number;
  flagOff: number;
  ok: number;
  clientError: number;
}

/** Counts answers per route, to show (and check) that the fuzz gets past the rate limits to the handlers. */
export function answerTally() {
  const rows = new Map<string, RouteCount>();
  const row = (route: string) => {
    let r = rows.get(route);
    if (!r) rows.set(route, (r = { runs: 0, reached: 0, limited: 0, flagOff: 0, ok: 0, clientError: 0 }));
    return r;
  };
  return {
    row,
    count(route: string, res: { status: number; text: string }) {
      const r = row(route);
      r.runs += 1;
      const flagOff = res.status === 403 && res.text.includes(`"${ErrorCode.FEATURE_DISABLED}"`);
      if (res.status === 429) r.limited += 1;
      else if (flagOff) r.flagOff += 1;
      else r.reached += 1;
      if (res.status < 300) r.ok += 1;
      else if (res.status < 500) r.clientError += 1;
    },
    /** One line per route: runs, reached, 429s, flag-off answers, 2xx, 4xx. */
    table(title: string): string {
      const width = Math.max(...[...rows.keys()].map((k) => k.length), 5);
      const cols = ['runs', 'reached', '429', 'flag off', '2xx', '4xx'];
      const line = (name: string, cells: (string | number)[]) => `${name.padEnd(width)}  ${cells.map((c, i) => String(c).padStart(cols[i]?.length ?? 0)).join('  ')}`;
      return [
        title,
        line('route', cols),
        ...[...rows].map(([name, r]) => line(name, [r.runs, r.reached, r.limited, r.flagOff, r.ok, r.clientError])),
      ].join('\n');
    },
  };
}
