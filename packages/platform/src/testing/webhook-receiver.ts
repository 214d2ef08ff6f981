import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver saw, and what it answered. */
export interface ReceivedAttempt {
  idempotencyKey: string;
  body: Record<string, unknown>;
  /** The body as sent, and the headers: what a receiver verifies a signature over. */
  raw: string;
  headers: Record<string, string>;
  /** `held`: never answered (the sender is killed meanwhile). */
  outcome: 'failed' | 'held' | 'accepted';
  /** When the request's body had arrived (ms since the epoch): how late an alert was. */
  receivedAt: number;
}

export type Answer = 'fail' | 'hold' | 'accept';

export interface WebhookReceiver {
  url: string;
  attempts: ReceivedAttempt[];
  /** Attempts answered 2xx. */
  accepted(): ReceivedAttempt[];
  /** Every attempt carrying this Idempotency-Key. */
  byKey(key: string): ReceivedAttempt[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/**
 * A local webhook endpoint, as an operator's would be, failing in the ways alert delivery must
 * survive (the dashboard's component tests and the live end-to-end test). `script(n)` says how to answer the n-th attempt (from 1) of each
 * idempotency key: fail (503), hold (never answer) or accept (200). Default: accept everything.
 */
export async function startWebhookReceiver(script: (attempt: number) => Answer = () => 'accept'): Promise<WebhookReceiver> {
  const attempts: ReceivedAttempt[] = [];
  const seen = new Map<string, number>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
      const n = (seen.get(idempotencyKey) ?? 0) + 1;
      seen.set(idempotencyKey, n);
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      const seenAs = { idempotencyKey, body, raw: text, headers: req.headers as Record<string, string>, receivedAt: Date.now() };
      const answer = script(n);
      if (answer === 'hold') {
        attempts.push({ ...seenAs, outcome: 'held' });
        held.push(res);
        return;
      }
      if (answer === 'fail') {
        attempts.push({ ...seenAs, outcome: 'failed' });
        res.writeHead(503).end();
        return;
      }
      attempts.push({ ...seenAs, outcome: 'accepted' });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    attempts,
    accepted: () => attempts.filter((a) => a.outcome === 'accepted'),
    byKey: (key) => attempts.filter((a) => a.idempotencyKey === key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns a value that is not undefined/false, or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
