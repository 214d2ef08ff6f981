import { IDENTITY_HEADER, dashboardInternalContract, type Watcher, type WatchersReply } from '@shm/contracts';
import { verifyIdentity } from '../identity';
import { listen } from '../server';

export interface WatchersStandIn {
  url: string;
  /** Links `publicKey` to a portfolio entry of `wallet`, as the dashboard's linking does. */
  link(wallet: string, publicKey: string, label?: string): void;
  stop(): Promise<void>;
}

/**
 * A small HTTP server in place of the dashboard's internal watchers route
 * (POST /internal/dashboard/watchers): the entries linked here, answered to a caller with a token
 * signed with `secret`, 401 to any other. For the alerts service's component tests and the
 * integration tests that run it with the network service.
 */
export async function startWatchersStandIn(secret: string): Promise<WatchersStandIn> {
  const linked: Watcher[] = [];
  const server = await listen((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== dashboardInternalContract.watchers.path) return void res.writeHead(404).end();
      const token = req.headers[IDENTITY_HEADER];
      if (!verifyIdentity(typeof token === 'string' ? token : undefined, secret)) return void res.writeHead(401).end();
      const keys = new Set((JSON.parse(body) as { publicKeys: string[] }).publicKeys.map((key) => key.toLowerCase()));
      const reply: WatchersReply = { success: true, watchers: linked.filter((entry) => keys.has(entry.nodePublicKey)) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  }, 0);
  return {
    url: server.url,
    link(wallet, publicKey, label) {
      linked.push({ walletAddress: wallet.toLowerCase(), id: `entry-${linked.length + 1}`, nodePublicKey: publicKey.toLowerCase(), ...(label ? { label } : {}) });
    },
    stop: () => server.close(),
  };
}
