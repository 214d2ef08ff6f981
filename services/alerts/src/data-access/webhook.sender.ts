import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AlertSender, SendResult } from '../domain/ports';
import { alertBody } from './alert-bodies';
import { RefusedTarget, checkTarget, type CheckedTarget, type TargetRules } from './alert-target';
import { signatureHeaders } from './webhook-signing';

export const USER_AGENT = 'shm-node-economics-alerts/1.0';

export interface SenderSettings extends TargetRules {
  /** The whole attempt (connect, send, the reply's status) gives up after this long. */
  timeoutMs: number;
  /** At most this much of a reply is read; the rest is dropped with the connection. */
  maxResponseBytes: number;
  /** The signature's timestamp; the system clock unless a test fixes it. */
  now?: () => Date;
}

/** Connects to the address that was checked, whatever the name resolves to now (no second lookup to race). */
const pinnedLookup =
  ({ address, family }: CheckedTarget): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

function post(target: CheckedTarget, body: string, headers: Record<string, string>, { timeoutMs, maxResponseBytes }: SenderSettings): Promise<SendResult> {
  return new Promise((resolve) => {
    const { url, host } = target;
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = (url.protocol === 'https:' ? https : http).request(
      {
        method: 'POST',
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        // No pooled socket: one kept for this name could lead to an address checked long ago.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // Redirects are not followed: a 3xx is a failure like any other non-2xx.
        settle(status >= 200 && status < 300 ? { ok: true } : { ok: false, error: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}` });
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= maxResponseBytes) res.destroy();
        });
        res.on('end', () => clearTimeout(timer));
        res.on('error', () => {});
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      settle({ ok: false, error: err.message || String(err) });
    });
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

/**
 * Sends alerts as the destination's channel wants them. Each attempt checks the URL again (the name
 * may resolve elsewhere since the destination was saved), then connects to the checked address.
 * A webhook with a secret is signed afresh at each attempt (a new timestamp; receivers refuse old ones).
 */
export function webhookSender(settings: SenderSettings): AlertSender {
  return {
    async send(destination, delivery) {
      let target: CheckedTarget;
      try {
        target = await checkTarget(destination.url, settings);
      } catch (err) {
        if (err instanceof RefusedTarget) return { ok: false, error: `URL refused: ${err.message}` };
        throw err;
      }
      const body = JSON.stringify(alertBody(destination, delivery.id, delivery.alert));
      const headers = { 'content-type': 'application/json', 'idempotency-key': delivery.id, 'user-agent': USER_AGENT };
      const signed = destination.channel === 'webhook' && destination.secret ? signatureHeaders(destination.secret, delivery.id, body, (settings.now ?? (() => new Date()))()) : {};
      return post(target, body, { ...headers, ...signed }, settings);
    },
  };
}
