import http from 'node:http';
import { PaymentStatusSchema, type PaymentStatus } from '@shm/contracts';

export interface EventStream {
  status: number;
  headers: Headers;
  /** Resolves with the first status (already received or still to come) that matches. */
  next(match: (s: PaymentStatus) => boolean, timeoutMs?: number): Promise<PaymentStatus>;
  received: PaymentStatus[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  close(): void;
}

/** Opens a server-sent event stream with fetch and parses its `payment-status` events as they arrive. */
export async function openEvents(url: string, headers: Record<string, string>): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const received: PaymentStatus[] = [];
  const waiters: (() => void)[] = [];
  const stream: EventStream = {
    status: res.status,
    headers: res.headers,
    received,
    comments: 0,
    async next(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.status))}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => abort.abort(),
  };
  if (!res.ok || !res.body) return stream;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) stream.comments += 1;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: payment-status') && data) received.push(PaymentStatusSchema.parse(JSON.parse(data.slice(6))));
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Promise<string>;
  close(): void;
}

/** GET /api/payment/events on a connection of its own (no agent); resolves once the status line is in. */
export function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/payment/events`, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      const body = new Promise<string>((done) => res.on('end', () => done(text)).on('close', () => done(text)));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}
