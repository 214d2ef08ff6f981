import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'fail' | 'hang';

/**
 * Given the chain's real result of a call (and the call's params), the result the proxy answers
 * instead. `Result` is the JSON-RPC result the test knows the method to answer.
 */
export type Rewrite<Result = unknown> = (result: Result, params: unknown[]) => unknown;

/**
 * A JSON-RPC proxy in front of the chain that can fail (HTTP 503), hang for a while, answer each
 * call `delayMs` late, or rewrite the result of one method (an RPC that lies, or whose nodes behind
 * a load balancer disagree): the flaky, slow or inconsistent RPC provider the verifier must ride out.
 */
export async function startRpcProxy(target: string) {
  let mode: ProxyMode = 'pass';
  let failuresLeft = 0;
  const stats = { requests: 0, failed: 0, hung: 0, rewritten: 0 };
  const rewrites = new Map<string, Rewrite>();
  const hanging = new Set<ServerResponse>();

  let delayMs = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    let text = await upstream.text();
    const call = JSON.parse(body) as { method?: string; params?: unknown[] };
    const rewrite = !Array.isArray(call) && call.method ? rewrites.get(call.method) : undefined;
    if (rewrite) {
      const answer = JSON.parse(text) as { result?: unknown };
      if ('result' in answer) {
        stats.rewritten += 1;
        text = JSON.stringify({ ...answer, result: rewrite(answer.result, call.params ?? []) });
      }
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
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
    /** Answers `method` with what `rewrite` makes of the chain's result (null: honest again). */
    rewrite<Result>(method: string, rewrite: Rewrite<Result> | null) {
      // The chain's result is parsed JSON; the test names the shape its method answers.
      if (rewrite) rewrites.set(method, (result, params) => rewrite(result as Result, params));
      else rewrites.delete(method);
    },
    /** The next `count` requests fail, then it passes again. */
    failNext(count: number) {
      failuresLeft = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
