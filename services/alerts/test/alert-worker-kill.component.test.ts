import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { dashboardContract, type NodeChange, type AlertsReply, type DestinationReply } from '@shm/contracts';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { TEST_MONGO_URL, TEST_REDIS_URL } from '@shm/platform/testing';
import { SECRET, newWallet, startAlerts, type AlertsUnderTest } from './support/alerts-under-test';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';

// The API in-process (ALERTS_ROLE=api: no consumer, no worker) and the consumer and delivery worker in
// a child process (ALERTS_ROLE=worker), as two deployments would run them. The worker is killed (SIGKILL) while the
// receiver holds its requests open, then a new one starts: BullMQ finds the jobs whose lock expired
// (1 s here) and runs them again.
jest.setTimeout(90_000);

const MAIN = path.resolve(__dirname, '../src/main.ts');
let api: AlertsUnderTest;
let redis: Redis;
let hook: WebhookReceiver;
const workers: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An alerts worker as its own process, on the API's database, queue and dashboard stand-in. */
async function startWorker(): Promise<ChildProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      REDIS_URL: TEST_REDIS_URL,
      MONGO_URL: TEST_MONGO_URL,
      MONGO_DB: api.config.MONGO_DB,
      REDIS_KEY_PREFIX: api.config.REDIS_KEY_PREFIX,
      ALERT_QUEUE_PREFIX: api.config.ALERT_QUEUE_PREFIX,
      DASHBOARD_URL: api.config.DASHBOARD_URL,
      NETWORK_URL: api.config.NETWORK_URL,
      INTERNAL_SECRET: SECRET,
      ALERTS_ROLE: 'worker',
      ALERTS_PORT: String(port),
      ALERT_BACKOFF_MS: '100',
      ALERT_LOCK_MS: '1000',
      ALERT_STALLED_INTERVAL_MS: '500',
      // Longer than the test: the held requests end only by the kill.
      ALERT_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  workers.push(child);
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}: ${output.join('')}`);
      return fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    },
    'the worker process to be ready',
    60_000,
  );
  return child;
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

beforeAll(async () => {
  api = await startAlerts({ env: { ALERTS_ROLE: 'api' } });
  redis = createRedis(TEST_REDIS_URL, 'client');
  // Each delivery: two failures, then held open (the worker dies with it), then accepted.
  hook = await startWebhookReceiver((n) => (n <= 2 ? 'fail' : n === 3 ? 'hold' : 'accept'));
});
afterAll(async () => {
  for (const child of workers) await kill(child);
  await hook.close();
  redis.disconnect();
  await api.stop();
});

describe('alert delivery when the worker is killed mid-delivery', () => {
  it('when the worker dies while the receiver holds the requests and a new one starts, then each change is accepted exactly once, every attempt with the same Idempotency-Key', async () => {
    const wallet = newWallet();
    const created = await api.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet, body: { channel: 'webhook', url: hook.url } });
    expect(created.status).toBe(201);
    const destinationId: string = created.body.destination.id;
    const keys = [0, 1].map(() => (randomUUID() + randomUUID()).replace(/-/g, ''));
    const at = new Date().toISOString();
    for (const key of keys) api.dashboard.link(wallet, key);
    const cycle = 2_000_000 + Math.floor(Math.random() * 1_000_000);
    const changes: NodeChange[] = keys.map((key) => ({ id: `${cycle}:${key}:activated`, publicKey: key, kind: 'activated', from: 'syncing', to: 'active', cycle, at }));
    const deliveryIds = changes.map((c) => `${c.id}:${destinationId}`);

    const first = await startWorker();
    await publishEvent(redis, 'nodes.changed', { cycle, at, changes });
    await eventually(() => hook.attempts.filter((a) => a.outcome === 'held').length === 2, 'both deliveries to be held mid-request', 45_000);
    await kill(first);

    await startWorker();
    const deliveries = await eventually(async () => {
      const { body } = await api.call<AlertsReply>('GET', dashboardContract.alerts.path, { wallet });
      const mine = deliveryIds.map((id) => body.deliveries.find((d: { id: string }) => d.id === id));
      return mine.every((d) => d?.status === 'delivered') ? mine : undefined;
    }, 'both deliveries to be delivered after the restart', 45_000);
    // A late duplicate would come within a few backoffs: wait them out before counting.
    await new Promise((r) => setTimeout(r, 1_500));

    for (const id of deliveryIds) {
      expect({ id, outcomes: hook.byKey(id).map((a) => a.outcome) }).toEqual({ id, outcomes: ['failed', 'failed', 'held', 'accepted'] });
    }
    expect(hook.accepted().map((a) => a.idempotencyKey).sort()).toEqual([...deliveryIds].sort());
    expect(hook.attempts.every((a) => deliveryIds.includes(a.idempotencyKey))).toBe(true);
    // The killed attempt never finished, so it is not counted: 503, 503, then 200.
    for (const delivery of deliveries) expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastError: 'HTTP 503' });
  });
});
