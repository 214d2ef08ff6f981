import { eventStream, type EventPayload, type NetworkChangesReply } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { REDIS_URL, startNetwork, type NetworkUnderTest } from './support/network-under-test';
import { eventPayload, type StreamEntry } from './support/stream-events';

jest.setTimeout(120_000);

// 8 SHM/h at the stand-in's factor 1e7 / 24 649: 0.0197192 × 1e7 / 24 649 = 8 (10 SHM/h is 0.024649).
const EIGHT_SHM_UNITS = 19_719_200_000_000_000n;

describe('network watch (stand-in archivers, real MongoDB and Redis, two replicas)', () => {
  let redis: Redis;
  let archiver: StandIn;
  const started: NetworkUnderTest[] = [];
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterEach(async () => {
    // The second replica shares the first one's database: it goes first and leaves the data.
    const [first, ...others] = started.splice(0);
    await Promise.all(others.map((n) => n.stop({ keepData: true })));
    await first?.stop();
    await archiver.close();
  });
  afterAll(() => redis.quit());

  /** `network.changed` events published since `sinceMs` whose change is about cycle `cycle`. */
  const changesSince = async (sinceMs: number, cycle: number) => {
    const entries = (await redis.xrange(eventStream('network.changed'), `${sinceMs}-0`, '+')) as StreamEntry[];
    return entries.map((entry) => eventPayload<EventPayload<'network.changed'>>(entry)).filter((e) => e.change.cycle === cycle);
  };

  it('when the stand-in cuts the reward from 10 to 8 SHM/h at cycle C, then one network.changed tells it within 2 cycles, not again when in force, whichever replica polls', async () => {
    archiver = await startArchiverAndPriceStandIn({ network: { historyCycles: 300 } });
    const seed = `${archiver.archiver(0).url}#${archiver.archiver(0).publicKey}`;
    const a = await startNetwork({ ARCHIVER_URLS: seed, CYCLE_RANGES_PER_POLL: '40' });
    started.push(a);
    const b = await startNetwork({ ARCHIVER_URLS: seed, CYCLE_RANGES_PER_POLL: '40', MONGO_DB: a.mongoDb });
    started.push(b);
    const since = Date.now();

    await a.service.pollNetworkNow();
    const scheduledAt = archiver.counter();
    const cut = scheduledAt + 2;
    archiver.scheduleNetworkChange({ cycle: cut, set: { rewardUnits: EIGHT_SHM_UNITS } });
    // Both replicas poll at once, twice (a retried poll), before the cut.
    await Promise.all([a.service.pollNetworkNow(), b.service.pollNetworkNow()]);
    await Promise.all([a.service.pollNetworkNow(), b.service.pollNetworkNow()]);
    const announced = await changesSince(since, cut);
    expect(announced.map((e) => e.change)).toEqual([
      expect.objectContaining({
        cycle: cut,
        status: 'announced',
        changes: [{ parameter: 'nodeRewardAmountUsd', from: 0.024649, to: 0.0197192 }],
        before: { rewardPerHour: 10, stakeRequired: 2400 },
        after: { rewardPerHour: 8, stakeRequired: 2400 },
      }),
    ]);
    // Found in the stream while the stand-in is still at the cycle the cut was scheduled in (the aim: within one cycle).
    const latency = archiver.counter() - scheduledAt;
    console.log(`reward cut at cycle ${cut}, scheduled at cycle ${scheduledAt}: network.changed published ${latency} cycles later`);
    expect(latency).toBeLessThanOrEqual(2);

    archiver.advance(2);
    await Promise.all([a.service.pollNetworkNow(), b.service.pollNetworkNow()]);
    expect(await changesSince(since, cut)).toHaveLength(1);

    const reply = await b.get<NetworkChangesReply>('/api/shardeum-network/changes');
    expect(reply.status).toBe(200);
    expect(reply.body.current).toMatchObject({
      cycle: cut,
      figures: { rewardPerHour: 8, stakeRequired: 2400 },
      values: { nodeRewardAmountUsd: 0.0197192, stabilityScaleMul: 10_000_000, stabilityScaleDiv: 24_649, minVersion: '1.16.0' },
    });
    expect(reply.body.changes.map((c) => c.id)).toEqual([`nodeRewardAmountUsd@${cut}=0.0197192`]);
    const snapshot = await a.get<{ data: { rewardPerHour: number } }>('/api/shardeum-network');
    expect(snapshot.body.data.rewardPerHour).toBe(8);
  });
});
