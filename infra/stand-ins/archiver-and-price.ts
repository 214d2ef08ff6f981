// A local stand-in for the outside systems the network service polls: a Shardeum archiver (cycle
// record, node lists, network account), a CoinGecko-style simple-price endpoint (USD, EUR, GBP, INR), the Shardeum
// JSON-RPC `shardeum_getCycleInfo` method and the explorer's `/api/cycleinfo`. It speaks the
// documented JSON shapes with plausible mainnet-like numbers. `npm start` runs it (dev mode, when
// ARCHIVER_URLS / PRICE_API_URL are unset); tests start it in-process and change its behaviour.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInBodies, type StandInNetwork, type StandInPart, type StandInPrice } from './stand-in-bodies';

export type { StandInPart };

export type { StandInNetwork, StandInPrice };

/** What a part of the stand-in does when called. */
export type StandInMode = 'healthy' | 'down' | 'slow' | 'malformed' | 'not-json' | 'oversized' | 'redirect';

export interface StandInOptions {
  port?: number;
  host?: string;
  /** Behaviour of every part without its own entry in `modes`. */
  mode?: StandInMode;
  modes?: Partial<Record<StandInPart, StandInMode>>;
  network?: Partial<StandInNetwork>;
  price?: Partial<StandInPrice>;
  /** How long a `slow` part waits before answering. */
  slowMs?: number;
  /** Size of an `oversized` reply. */
  oversizedBytes?: number;
}

export interface StandIn {
  url: string;
  port: number;
  /** Every request seen, in order, as `<part>` (unknown paths as `other`). */
  calls: StandInPart[];
  count(part: StandInPart): number;
  configure(options: Omit<StandInOptions, 'port' | 'host'>): void;
  close(): Promise<void>;
}

export const DEFAULT_STAND_IN_NETWORK: StandInNetwork = {
  active: 255,
  foundation: 233,
  standby: 412,
  syncing: 3,
  desired: 260,
  counter: 258_913,
  duration: 60,
  foundationFlags: true,
  rewardUsdPerHour: 1,
  stakeRequiredUsd: 240,
  shmPerUsd: 10,
};

export const DEFAULT_STAND_IN_PRICE: StandInPrice = {
  usd: 0.1172,
  marketCap: 29_182_800,
  volume24h: 1_204_377,
  // Plausible late-2025 exchange rates; tests compare converted figures with these.
  perUsd: { eur: 0.86, gbp: 0.76, inr: 88.5 },
};

function partOf(req: IncomingMessage): StandInPart | undefined {
  const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
  if (req.method === 'POST' && pathname === '/') return 'rpc';
  if (pathname.startsWith('/cycleinfo/')) return 'cycleinfo';
  if (pathname === '/full-nodelist') return 'nodelist';
  if (pathname === '/get-network-account') return 'account';
  if (pathname.endsWith('/simple/price')) return 'price';
  if (pathname === '/api/cycleinfo') return 'explorer';
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startArchiverAndPriceStandIn(options: StandInOptions = {}): Promise<StandIn> {
  let settings = {
    mode: options.mode ?? 'healthy',
    modes: options.modes ?? {},
    network: { ...DEFAULT_STAND_IN_NETWORK, ...options.network },
    price: { ...DEFAULT_STAND_IN_PRICE, ...options.price },
    slowMs: options.slowMs ?? 10_000,
    oversizedBytes: options.oversizedBytes ?? 12 * 1024 * 1024,
  };
  const calls: StandInPart[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const part = partOf(req);
    if (req.url === '/is-alive') return void res.end('OK');
    if (!part) return send(res, 404, { error: 'not found' });
    calls.push(part);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const rpcBody = part === 'rpc' ? await readBody(req) : '';
    const mode = settings.modes[part] ?? settings.mode;
    const bodies = standInBodies(settings.network, settings.price);
    const healthy = () => bodies.forPart(part, url, rpcBody);

    switch (mode) {
      case 'down':
        return send(res, 503, { error: 'Service Unavailable' });
      case 'redirect':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      case 'malformed':
        return send(res, 200, bodies.malformed(part));
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html><body>502 Bad Gateway</body></html>');
      case 'oversized': {
        // Chunked, no content-length: the client has to count while it reads.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"pad":"');
        const chunk = 'x'.repeat(64 * 1024);
        for (let sent = 0; sent < settings.oversizedBytes && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        return void res.end('"}');
      }
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (!res.destroyed) send(res, 200, healthy());
        }, settings.slowMs);
        pending.add(timer);
        return;
      }
      default:
        return send(res, 200, healthy());
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    count: (part) => calls.filter((c) => c === part).length,
    configure(next) {
      settings = {
        ...settings,
        ...next,
        modes: next.modes ?? settings.modes,
        network: { ...settings.network, ...next.network },
        price: { ...settings.price, ...next.price },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
