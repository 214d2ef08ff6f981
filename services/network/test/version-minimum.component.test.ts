import { eventStream, type NodeChange } from '@shm/contracts';
import { createRedis, type Redis } from '@shm/platform/redis';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { REDIS_URL, startNetwork, type NetworkUnderTest } from './support/network-under-test';
import { eventPayload, type StreamEntry } from './support/stream-events';

jest.setTimeout(180_000);

const STREAM = eventStream('nodes.changed');
// Scripted nodes: OLD runs 1.16.3 (the stand-in's default), CURRENT 1.17.0, LATE joins with 1.16.3 after the minimum is in force.
const OLD = '0d'.repeat(32);
const CURRENT = '1e'.repeat(32);
const LATE = '2f'.repeat(32);

describe('versions below the network minimum (stand-in archivers, real MongoDB and Redis, two replicas)', () => {
  let redis: Redis;
  let standIn: StandIn;
  const started: NetworkUnderTest[] = [];
  beforeAll(() => {
    redis = createRedis(REDIS_URL, 'client');
  });
  afterEach(async () => {
    // The second replica shares the first one's database: it goes first and leaves the data.
    const [first, ...others] = started.splice(0);
    await Promise.all(others.map((n) => n.stop({ keepData: true })));
    await first?.stop();
    await standIn.close();
  });
  afterAll(() => redis.quit());

  /** The version-below-minimum changes of the scripted keys published after stream id `since`. */
  const toldSince = async (since: string): Promise<NodeChange[]> => {
    const entries = (await redis.xrange(STREAM, `(${since}`, '+')) as StreamEntry[];
    return entries
      .flatMap((entry) => eventPayload<{ changes: NodeChange[] }>(entry).changes)
      .filter((c) => c.kind === 'version-below-minimum' && [OLD, CURRENT, LATE].includes(c.publicKey));
  };
  const lastEventId = async () => ((await redis.xrevrange(STREAM, '+', '-', 'COUNT', 1)) as [string, string[]][])[0]?.[0] ?? '0-0';

  it('when the stand-in raises the minimum to 1.17.0 at cycle C, then the node below it is told once (announced, then in force), the one at it never, and a late join below it once', async () => {
    standIn = await startArchiverAndPriceStandIn({ network: { active: 40, foundation: 30, standby: 12, historyCycles: 200, counter: 10_000 } });
    const seed = `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`;
    const a = await startNetwork({ ARCHIVER_URLS: seed, CYCLE_RANGES_PER_POLL: '40' });
    started.push(a);
    const b = await startNetwork({ ARCHIVER_URLS: seed, CYCLE_RANGES_PER_POLL: '40', MONGO_DB: a.mongoDb });
    started.push(b);
    /** One cycle as the deployment lives it: both replicas poll, and each asks for a tracking run (the queue runs one; here both run, one after the other). */
    const cycle = async () => {
      standIn.advance(1);
      await Promise.all([a.service.pollNetworkNow(), b.service.pollNetworkNow()]);
      await a.service.trackNodesNow();
      await b.service.trackNodesNow();
    };

    await a.service.pollNetworkNow();
    await a.service.trackNodesNow(); // the first run: quiet
    const since = await lastEventId();
    standIn.scriptNode(OLD, 'join');
    standIn.scriptNode(CURRENT, 'join', { version: '1.17.0' });
    await cycle();
    standIn.scriptNode(OLD, 'select');
    await cycle();
    // In force: 1.16.0; both joins passed it.
    expect(await toldSince(since)).toEqual([]);

    const scheduledAt = standIn.counter();
    const c = scheduledAt + 3;
    standIn.scheduleNetworkChange({ cycle: c, set: { minVersion: '1.17.0' } });
    await cycle();
    const announced = await toldSince(since);
    // OLD is syncing (selected 2 cycles ago) with 1.16.3: below 1.17.0. CURRENT is at it.
    expect(announced).toEqual([
      expect.objectContaining({
        id: `1.17.0:${OLD}:version-below-minimum`, from: 'syncing', to: 'syncing', version: '1.16.3',
        minimum: { version: '1.17.0', cycle: c, inForce: false },
      }),
    ]);
    const latency = (announced[0]?.cycle ?? Infinity) - scheduledAt;
    console.log(`minVersion 1.17.0 for cycle ${c}, scheduled at cycle ${scheduledAt}: told ${latency} cycle(s) later`);
    expect(latency).toBeLessThanOrEqual(2);

    // Into force at C, and past it: nothing new.
    await cycle();
    await cycle();
    await cycle();
    expect(standIn.counter()).toBeGreaterThan(c);
    expect(await toldSince(since)).toHaveLength(1);

    standIn.scriptNode(LATE, 'join');
    await cycle();
    const late = (await toldSince(since)).slice(1);
    expect(late).toEqual([
      expect.objectContaining({
        id: `1.17.0:${LATE}:version-below-minimum`, from: 'standby', cycle: standIn.counter(), version: '1.16.3',
        minimum: { version: '1.17.0', cycle: c, inForce: true },
      }),
    ]);
    await cycle();
    expect((await toldSince(since)).map((change) => change.publicKey)).toEqual([OLD, LATE]);
  });
});
