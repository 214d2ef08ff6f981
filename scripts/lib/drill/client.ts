// The drill's visitors: HTTP calls to the gateway, each one recorded (what, when, how it ended),
// and wallet sign-in (EIP-4361) with the contracts' own message builder, as the page does.
import { authContract, buildSiweMessage, signInFields } from '@shm/contracts';
import type { Wallet, HDNodeWallet } from 'ethers';
import type { Call, CallOptions, GatewayCall, Recorder, Reply } from './types';

/** A client address per visitor (198.18.0.0/15 is set aside for benchmarks), so per-IP limits count visitors, not the drill. */
export const visitorIp = (): string => `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Every call the load makes, and every confirmation it sees. */
export function recorder(): Recorder {
  const calls: Call[] = [];
  const confirmations: Recorder['confirmations'] = [];
  return {
    calls,
    confirmations,
    add: (call) => calls.push(call),
    confirmed: (at, paidAt) => confirmations.push({ at, paidAt }),
    /**
     * When something of each `kinds` first succeeded, ending at or after `since`; null if one has not
     * yet. A confirmation counts only for a payment made after `faultAt` (one made before may have been
     * confirmed before the fault and only seen late).
     */
    recoveredAt(kinds, since, faultAt) {
      const firsts = kinds.map((kind) => {
        const ends =
          kind === 'confirmation'
            ? confirmations.filter((c) => c.paidAt >= faultAt).map((c) => c.at)
            : calls.filter((c) => c.kind === kind && c.ok).map((c) => c.end);
        const after = ends.filter((end) => end >= since);
        return after.length ? Math.min(...after) : null;
      });
      return firsts.some((first) => first === null) ? null : Math.max(...(firsts as number[]));
    },
  };
}

/**
 * Calls the gateway and records the outcome. `expect` (a status, or a function of it) says what
 * success is; the reply is returned either way, a network error as status = its code.
 */
export function gatewayClient(gateway: string, rec: Recorder, timeoutMs = 20_000): GatewayCall {
  return async function call<T>(
    kind: string,
    op: string,
    method: string,
    route: string,
    { cookie, ip, body, expect = (status) => typeof status === 'number' && status >= 200 && status < 300 }: CallOptions = {},
  ): Promise<Reply<T>> {
    const start = Date.now();
    let status: number | string;
    let json: T | undefined;
    let setCookie: string | null = null;
    try {
      const res = await fetch(`${gateway}${route}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      setCookie = res.headers.get('set-cookie');
      json = (await res.json().catch(() => undefined)) as T | undefined;
    } catch (err) {
      const failure = err as { name?: string; cause?: { code?: string } };
      status = failure.cause?.code ?? (failure.name === 'TimeoutError' ? 'timeout' : (failure.name ?? 'error'));
    }
    const ok = typeof expect === 'function' ? expect(status) : status === expect;
    const code = (json as { error?: { code?: string } } | undefined)?.error?.code;
    const call: Call = { kind, op, start, end: Date.now(), ok, status, code };
    rec.add(call);
    return { ok, status, json, setCookie, call };
  };
}

/** Signs `wallet` in at the gateway (nonce, then the signed EIP-4361 message); the session cookie, or null. */
export async function signIn(call: GatewayCall, wallet: Wallet | HDNodeWallet, ip: string): Promise<string | null> {
  const nonce = await call<Parameters<typeof signInFields>[0]>('sign-in', 'nonce', 'GET', authContract.nonce.path, { ip });
  if (!nonce.ok || !nonce.json) return null;
  const message = buildSiweMessage(signInFields(nonce.json, wallet.address));
  const signature = await wallet.signMessage(message);
  const verified = await call('sign-in', 'verify', 'POST', authContract.verify.path, { ip, body: { message, signature } });
  return verified.ok && verified.setCookie ? (verified.setCookie.split(';')[0] ?? null) : null;
}

/** Retries `attempt` (which answers a value, or null for "failed") every `everyMs` until it succeeds or `stopped()`. */
export async function persist<T>(attempt: () => Promise<T | null | undefined>, stopped: () => boolean, everyMs = 1_000): Promise<T | null> {
  for (;;) {
    const value = await attempt();
    if (value !== null && value !== undefined) return value;
    if (stopped()) return null;
    await sleep(everyMs);
  }
}
