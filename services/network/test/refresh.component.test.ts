import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NetworkDataReply, NetworkRefreshReply } from '@shm/contracts';
import { createProducer } from '@shm/platform/jobs';
import { createRedis, type Redis } from '@shm/platform/redis';
import { testLogger } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn, type StandInOptions } from '../../../infra/stand-ins/archiver-and-price';
import { REDIS_URL, startNetwork, waitFor, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(60_000);

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A gate between the service and the stand-in archiver: every request goes on at once, so the
 * stand-in answers with the network of that moment, but while the gate is closed the replies to
 * `GET /cycleinfo/<n>` (the cycle a poll reads first) are held until it opens.
 */
async function startGate() {
  let target = '';
  let closed = false;
  const held: (() => void)[] = [];
  let heard: (() => void) | undefined;
  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? new Uint8Array(await readAll(req)) : undefined;
      const upstream = await fetch(`${target}${req.url ?? '/'}`, { method: req.method, headers: { 'content-type': 'application/json' }, ...(body ? { body } : {}) });
      const reply = Buffer.from(await upstream.arrayBuffer());
      const send = () => {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(reply);
      };
      if (!closed || req.method !== 'GET' || !req.url?.startsWith('/cycleinfo/')) return send();
      held.push(send);
      heard?.();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Where requests go; set once the archiver behind the gate listens. */
    passTo: (url: string) => void (target = url),
    /** Closes the gate; resolves once a reply is held behind it. */
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        heard = resolve;
      }),
    open() {
      closed = false;
      for (const send of held.splice(0)) send();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("POST /api/shardeum-network/refresh (real Redis, the job runtime's worker, stand-in archiver)", () => {
  let archiver: StandIn;
  let redis: Redis;
  const started: NetworkUnderTest[] = [];
  const cleanUps: (() => Promise<void>)[] = [];
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((n) => n.stop()));
    await Promise.all(cleanUps.splice(0).map((cleanUp) => cleanUp()));
  });
  async function standIn(options: StandInOptions = {}) {
    archiver = await startArchiverAndPriceStandIn(options);
    cleanUps.push(() => archiver.close());
  }
  afterAll(() => redis.quit());

  /**
   * Replicas of the service on one Redis prefix, polling (network and price) on a long interval;
   * resolves once the scheduler's first polls have stored a snapshot and no poll is queued or running
   * anywhere. `jobs` counts the poll jobs in the shared queue, in every state.
   */
  async function replicas(count: number, env: Record<string, string> = {}) {
    const prefix = `test-network-${randomUUID()}:`;
    for (let i = 0; i < count; i += 1) {
      started.push(
        await startNetwork({ ARCHIVER_URLS: archiver.url, POLLING_ENABLED: 'true', NETWORK_POLL_MS: '600000', PRICE_POLL_MS: '600000', ...env, REDIS_KEY_PREFIX: prefix }),
      );
    }
    const polls = createProducer({ redis, prefix: `${prefix}bull`, logger: testLogger('network') });
    cleanUps.push(() => polls.close());
    const states = ['completed', 'failed', 'active', 'waiting', 'delayed', 'prioritized'] as const;
    const jobs = async () => Object.values(await polls.counts('networkPolling', states)).reduce((sum, n) => sum + n, 0);
    const instances = started.slice(-count);
    const [first] = instances;
    if (!first) throw new Error('replicas() starts one instance at least');
    await waitFor(async () => ((await first.get<NetworkDataReply>('/api/shardeum-network')).status === 200 ? true : undefined));
    await waitFor(async () => {
      const { active, waiting, prioritized } = await polls.counts('networkPolling', ['active', 'waiting', 'prioritized']);
      return active + waiting + prioritized === 0 ? true : undefined;
    });
    return { instances, first, jobs };
  }
  const refresh = (n: NetworkUnderTest) => n.post<NetworkRefreshReply>('/api/shardeum-network/refresh');

  it('when a refresh poll is in flight as the network moves on, then the 100 refreshes sent meanwhile all answer with the new cycle, not that poll\'s', async () => {
    // One archiver, listed (and so reached) at the gate.
    const gate = await startGate();
    cleanUps.push(() => gate.stop());
    await standIn({ archivers: 1, listedAt: { 0: gate.url } });
    const [direct] = archiver.directUrls;
    if (!direct) throw new Error('the stand-in runs no archiver');
    gate.passTo(direct);
    // Refresh polls 1 s apart, each caller waiting up to 20 s: every one of them can have a poll that starts after it.
    const { first: n } = await replicas(1, {
      ARCHIVER_URLS: gate.url,
      UPSTREAM_TIMEOUT_MS: '30000',
      REFRESH_DEBOUNCE_MS: '1000',
      REFRESH_WAIT_MS: '20000',
    });
    const before = archiver.counter();

    // The first refresh's poll has read cycle `before` and is held there.
    const held = gate.close();
    const first = refresh(n);
    await held;
    archiver.advance();
    const meanwhile = Array.from({ length: 100 }, () => refresh(n));
    gate.open();

    const replies = await Promise.all(meanwhile);
    expect(replies.map((r) => [r.status, r.body.refreshed, r.body.data?.cycleCounter])).toEqual(Array.from({ length: 100 }, () => [200, true, before + 1]));
    // The first asked before the network moved on: its own poll's cycle is its answer.
    expect((await first).body).toMatchObject({ refreshed: true, data: { cycleCounter: before } });
  });

  it('when refreshes are spread over two replicas, then one outside poll is made and every refreshed reply is that poll\'s', async () => {
    // A window longer than the test: no second refresh poll can be due within any caller's wait.
    await standIn();
    const { instances, jobs } = await replicas(2, { REFRESH_DEBOUNCE_MS: '600000', REFRESH_WAIT_MS: '30000' });
    // The schedulers' jobs (done, and the next of each, delayed): no other job is due during the test.
    const scheduled = await jobs();
    const [a, b] = instances as [NetworkUnderTest, NetworkUnderTest];
    archiver.configure({ network: { standby: 500 } });

    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => refresh(i % 2 ? a : b)));

    expect(replies.every((r) => r.status === 200)).toBe(true);
    const refreshed = replies.filter((r) => r.body.refreshed);
    // The first caller named the poll, so at least it was answered by it.
    expect(refreshed.length).toBeGreaterThan(0);
    expect(new Set(refreshed.map((r) => `${r.body.data?.standbyNodes}@${r.body.data?.lastUpdated}`)).size).toBe(1);
    expect(refreshed[0]?.body.data?.standbyNodes).toBe(500);
    // Each reply waited for the poll or was answered without one, so nothing else is on its way.
    // Each reply waited for the poll or was answered without one, so nothing else is on its way: the
    // queue holds one job more than the schedulers', the one refresh poll.
    expect((await jobs()) - scheduled).toBe(1);
  });
});
