import { randomUUID } from 'node:crypto';
import type { NetworkDataReply, NetworkRefreshReply } from '@shm/contracts';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { startNetwork, waitFor, type NetworkUnderTest } from './support/network-under-test';

jest.setTimeout(30_000);

describe('POST /api/shardeum-network/refresh (real Redis, BullMQ worker, stand-in archiver)', () => {
  let archiver: StandIn;
  const started: NetworkUnderTest[] = [];
  beforeEach(async () => {
    archiver = await startArchiverAndPriceStandIn();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((n) => n.stop()));
    await archiver.close();
  });

  /** Replicas of the service on one Redis prefix, polling on a long interval; resolves after the first scheduled poll. */
  async function replicas(count: number) {
    const prefix = `test-network-${randomUUID()}:`;
    for (let i = 0; i < count; i += 1) {
      started.push(
        await startNetwork({ ARCHIVER_URLS: archiver.url, POLLING_ENABLED: 'true', NETWORK_POLL_MS: '600000', REDIS_KEY_PREFIX: prefix }),
      );
    }
    await waitFor(async () => ((await started[0]!.get<NetworkDataReply>('/api/shardeum-network')).status === 200 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300)); // let the scheduler's first poll settle everywhere
    return started.slice(-count);
  }

  it('when 100 refreshes arrive within a second, then the archiver is called once and every caller gets the snapshot', async () => {
    const [n] = await replicas(1);
    const before = archiver.count('cycleinfo');
    archiver.configure({ network: { standby: 500 } });

    const replies = await Promise.all(Array.from({ length: 100 }, () => n!.post<NetworkRefreshReply>('/api/shardeum-network/refresh')));

    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.refreshed)).toHaveLength(1);
    const winner = replies.find((r) => r.body.refreshed)!;
    expect(winner.body.data?.standbyNodes).toBe(500);
    await new Promise((r) => setTimeout(r, 500));
    expect(archiver.count('cycleinfo') - before).toBe(1);
  });

  it('when refreshes are spread over two replicas, then still only one outside call is made', async () => {
    const [a, b] = await replicas(2);
    const before = archiver.count('cycleinfo');

    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a! : b!).post<NetworkRefreshReply>('/api/shardeum-network/refresh')),
    );

    expect(replies.filter((r) => r.body.refreshed)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(archiver.count('cycleinfo') - before).toBe(1);
  });
});
