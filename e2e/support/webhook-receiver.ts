import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver saw, and what became of it. */
export interface ReceivedAttempt {
  idempotencyKey: string;
  body: Record<string, unknown>;
  /** `failed`: answered 503; `held`: the sender went away while the receiver held it; `accepted`: answered 200. */
  outcome: 'failed' | 'held' | 'accepted';
}

export interface WebhookReceiver {
  url: string;
  attempts: ReceivedAttempt[];
  /** Bodies answered 200, once per idempotency key (a key accepted twice would show twice). */
  accepted(): ReceivedAttempt[];
  /** Resolves when a request is being held (the sender is mid-delivery). */
  whenHolding(): Promise<void>;
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
 * A webhook endpoint as an operator's would be, failing in the ways the alert delivery must survive:
 * for each idempotency key the first `failFirst` attempts answer 503; with `holdAttempt` set, that
 * attempt is held open (the test kills the sender meanwhile) and never answered (with `holdOnce`, for
 * the first key only); every later attempt answers 200.
 */
export async function startWebhookReceiver(options: { failFirst?: number; holdAttempt?: number; holdOnce?: boolean } = {}): Promise<WebhookReceiver> {
  const { failFirst = 0, holdAttempt, holdOnce = false } = options;
  let held = 0;
  const attempts: ReceivedAttempt[] = [];
  const seen = new Map<string, number>();
  let holding: (() => void) | undefined;
  let holdingNow = false;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
      const n = (seen.get(idempotencyKey) ?? 0) + 1;
      seen.set(idempotencyKey, n);
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      if (n <= failFirst) {
        attempts.push({ idempotencyKey, body, outcome: 'failed' });
        res.writeHead(503).end();
        return;
      }
      if (n === holdAttempt && !(holdOnce && held > 0)) {
        held += 1;
        attempts.push({ idempotencyKey, body, outcome: 'held' });
        holdingNow = true;
        holding?.();
        return; // never answered: the sender dies with it open
      }
      attempts.push({ idempotencyKey, body, outcome: 'accepted' });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    attempts,
    accepted: () => attempts.filter((a) => a.outcome === 'accepted'),
    whenHolding: () => (holdingNow ? Promise.resolve() : new Promise<void>((resolve) => (holding = resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
