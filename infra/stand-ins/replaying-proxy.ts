// A man in the middle on plain http, for tests of replayed archiver replies: it passes every request
// on to its target and keeps the last reply of each GET (path and query); `replay()` then answers
// the chosen paths with the replies kept at that moment, byte for byte, while everything else is still
// passed on. A signature proves who signed a reply, not when: a replayed node list verifies as well
// as a fresh one, which is what the network service must see through (docs/network-data.md).
// `capture()` takes a copy of the replies kept so far, so a test can replay them an hour later.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Kept {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ReplayingProxy {
  url: string;
  /** Where requests go; set it once the archiver behind the proxy listens. */
  target: string | undefined;
  /** Takes a copy of the replies kept so far (the last GET of each path and query). */
  capture(): void;
  /** From now on, GETs whose path matches are answered from the last capture (else the replies kept so far). */
  replay(paths: RegExp): void;
  /** Back to passing everything on. */
  passThrough(): void;
  /** Requests answered from the kept replies. */
  replayed: number;
  close(): Promise<void>;
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function startReplayingProxy(options: { host?: string } = {}): Promise<ReplayingProxy> {
  const kept = new Map<string, Kept>();
  let captured: Map<string, Kept> | undefined;
  let frozen: { paths: RegExp; replies: Map<string, Kept> } | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const key = req.url ?? '/';
    const path = new URL(key, 'http://proxy').pathname;
    const old = req.method === 'GET' && frozen?.paths.test(path) ? frozen.replies.get(key) : undefined;
    if (old) {
      proxy.replayed += 1;
      res.writeHead(old.status, { 'content-type': old.contentType });
      return void res.end(old.body);
    }
    if (!proxy.target) {
      res.writeHead(502);
      return void res.end();
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readAll(req);
    const upstream = await fetch(`${proxy.target}${key}`, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const reply: Kept = {
      status: upstream.status,
      contentType: upstream.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await upstream.arrayBuffer()),
    };
    if (req.method === 'GET') kept.set(key, reply);
    res.writeHead(reply.status, { 'content-type': reply.contentType });
    res.end(reply.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const proxy: ReplayingProxy = {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    target: undefined,
    replayed: 0,
    capture() {
      captured = new Map(kept);
    },
    replay(paths) {
      frozen = { paths, replies: new Map(captured ?? kept) };
    },
    passThrough() {
      frozen = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return proxy;
}
