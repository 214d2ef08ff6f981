import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'fail' | 'hang';

/**
 * A JSON-RPC proxy in front of the chain that can fail (HTTP 503), hang for a while, or answer each
 * call `delayMs` late: the flaky or slow RPC provider the verifier must ride out.
 */
export async function startRpcProxy(target: string) {
  let mode: ProxyMode = 'pass';
  let failuresLeft = 0;
  const stats = { requests: 0, failed: 0, hung: 0 };
  const hanging = new Set<ServerResponse>();

  let delayMs = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  };
  const server = createServer((req, res) => {
    stats.requests += 1;
    if (failuresLeft > 0 || mode === 'fail') {
      failuresLeft = Math.max(0, failuresLeft - 1);
      stats.failed += 1;
      return void res.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
    }
    if (mode === 'hang') {
      stats.hung += 1;
      hanging.add(res);
      return;
    }
    forward(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    setMode(next: ProxyMode) {
      mode = next;
      if (next !== 'hang') for (const res of hanging) res.destroy();
      hanging.clear();
    },
    /** Every call passed on is answered this much later (0: at once). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** The next `n` requests fail, then it passes again. */
    failNext(n: number) {
      failuresLeft = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
