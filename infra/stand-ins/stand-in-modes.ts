// How a part of the stand-in misbehaves on purpose: down, slow, wrong shape, not JSON, too big,
// redirected somewhere it must not go, or rate-limited as CoinGecko does it.
import type { ServerResponse } from 'node:http';
import { COINGECKO_RATE_LIMITED } from './stand-in-bodies';
import type { StandInMode } from './stand-in-settings';

export interface Answer {
  status: number;
  body: string;
}

export interface ModeContext {
  healthy: () => Promise<Answer>;
  malformed: () => string;
  slowMs: number;
  oversizedBytes: number;
  retryAfterSeconds: number;
  /** Timers of slow answers, cleared on close. */
  pending: Set<NodeJS.Timeout>;
}

const send = (res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) => {
  res.writeHead(answer.status, { 'content-type': 'application/json', ...headers });
  res.end(answer.body);
};

export async function answerWithMode(res: ServerResponse, mode: StandInMode, ctx: ModeContext): Promise<void> {
  switch (mode) {
    case 'down':
      return send(res, { status: 503, body: JSON.stringify({ error: 'Service Unavailable' }) });
    case 'rate-limited':
      return send(res, { status: 429, body: JSON.stringify(COINGECKO_RATE_LIMITED) }, { 'retry-after': String(ctx.retryAfterSeconds) });
    case 'redirect':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    case 'malformed':
      return send(res, { status: 200, body: ctx.malformed() });
    case 'not-json':
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html><body>502 Bad Gateway</body></html>');
    case 'oversized': {
      // Chunked, no content-length: the client has to count while it reads.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"pad":"');
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent < ctx.oversizedBytes && !res.destroyed; sent += chunk.length) {
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      return void res.end('"}');
    }
    case 'slow': {
      const answer = await ctx.healthy();
      const timer = setTimeout(() => {
        ctx.pending.delete(timer);
        if (!res.destroyed) send(res, answer);
      }, ctx.slowMs);
      ctx.pending.add(timer);
      return;
    }
    default:
      return send(res, await ctx.healthy());
  }
}
