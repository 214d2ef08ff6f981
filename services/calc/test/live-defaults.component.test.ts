import { randomUUID } from 'node:crypto';
import type { LiveDefaultsReply, NetworkData } from '@shm/contracts';
import { DEV_INTERNAL_SECRET } from '@shm/platform';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { TEST_REDIS_URL, readJson, startTestServer, testLogger } from '@shm/platform/testing';
import { createApp } from '../src/app';
import { openAccess } from '../src/domain/access-policy';
import { liveDefaultsState } from '../src/domain/live-defaults';
import { startHandlers } from '@shm/platform/jobs';
import { liveDefaultsHandler } from '../src/entry-points/events/network.handler';

const REDIS_URL = TEST_REDIS_URL;

let redis: Redis;
let server: Awaited<ReturnType<typeof startTestServer>>;
let follower: { stop(): Promise<void> };
const state = liveDefaultsState();

const network = (overrides: Partial<NetworkData> = {}): NetworkData => ({
  totalNodes: 255,
  activeSlots: 22,
  standbyNodes: 412,
  communityNodes: 434,
  totalFoundationNodes: 233,
  totalCommunityNodes: 22,
  source: `test_source_${randomUUID()}`,
  isEstimate: false,
  lastUpdated: new Date().toISOString(),
  rewardPerHour: 10,
  stakeRequired: 2400,
  ...overrides,
});

const liveDefaults = async () => readJson<LiveDefaultsReply>(await fetch(`${server.url}/api/calculations/live-defaults`));

async function publishAndWait(snapshot: NetworkData) {
  await publishEvent(redis, 'network.updated', { network: snapshot, at: snapshot.lastUpdated });
  const deadline = Date.now() + 5000;
  while (state.current().source !== snapshot.source) {
    if (Date.now() > deadline) throw new Error('calc did not follow the network.updated event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  follower = await startHandlers({ redis, prefix: 'calc-test:', logger: testLogger(), handlers: [liveDefaultsHandler(state, `calc-test-${randomUUID()}`)], blockMs: 100 });
  server = await startTestServer(createApp({ access: openAccess, liveDefaults: state }, { logger: testLogger('calc'), internalSecret: DEV_INTERNAL_SECRET }));
});
afterAll(async () => {
  await server.close();
  await follower.stop();
  await redis.quit();
});

describe('live calculator defaults from network.updated (real Redis)', () => {
  it('when a snapshot is published, then calc offers its active slots, standby, reward and stake as defaults', async () => {
    const snapshot = network();
    await publishAndWait(snapshot);

    expect(await liveDefaults()).toEqual({
      defaults: { totalNodes: 255, activeCommunityNodes: 22, standbyNodes: 412, activeNodes: 22, rewardPerHour: 10, shmStake: 2400 },
      source: snapshot.source,
      isEstimate: false,
      lastUpdated: snapshot.lastUpdated,
    });
  });

  it('when the network reports no community slots, then active community nodes stay at the form minimum of 1', async () => {
    await publishAndWait(network({ activeSlots: 0, communityNodes: 412, rewardPerHour: undefined, stakeRequired: undefined }));

    const { defaults } = await liveDefaults();
    expect(defaults).toEqual({ totalNodes: 255, activeCommunityNodes: 1, standbyNodes: 412, activeNodes: 0 });
  });

  it('when no snapshot was ever seen, then defaults are null', async () => {
    const empty = await startTestServer(createApp({ access: openAccess, liveDefaults: liveDefaultsState() }, { logger: testLogger('calc'), internalSecret: DEV_INTERNAL_SECRET }));
    try {
      const body = await readJson(await fetch(`${empty.url}/api/calculations/live-defaults`));
      expect(body).toEqual({ defaults: null, source: null, isEstimate: false, lastUpdated: null });
    } finally {
      await empty.close();
    }
  });
});
