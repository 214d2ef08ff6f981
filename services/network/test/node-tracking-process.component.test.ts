import { randomUUID } from 'node:crypto';
import { NodeLookupReplySchema } from '@shm/contracts';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { createRedis, type Redis } from '@shm/platform/redis';
import { scrape, TEST_MONGO_URL, testLogger } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../../../infra/stand-ins/archiver-and-price';
import { NetworkConfigSchema } from '../src/config';
import { composeNodeTrackingService, type NodeTrackingService } from '../src/node-tracking/service';
import { REDIS_URL, startNetwork, waitFor, type NetworkUnderTest } from './support/network-under-test';

// Node tracking as its own process (docs/my-nodes.md): the network's poll asks for a run, and the
// tracking worker of the node-tracking process, not the network process, runs it; the network
// serves what it stored.
jest.setTimeout(120_000);

let standIn: StandIn;
let network: NetworkUnderTest;
let tracker: NodeTrackingService;
let trackerServer: RunningServer;
let redis: Redis;

beforeAll(async () => {
  standIn = await startArchiverAndPriceStandIn({ network: { active: 20, foundation: 15, standby: 3, historyCycles: 20, counter: 5_000 } });
  const env = {
    ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`,
    CYCLE_RANGES_PER_POLL: '40',
    REDIS_KEY_PREFIX: `test-network-${randomUUID()}:`,
    MONGO_DB: `test_network_${randomUUID().slice(0, 8)}`,
  };
  network = await startNetwork(env);
  const config = loadConfig(NetworkConfigSchema, { ...env, REDIS_URL, MONGO_URL: TEST_MONGO_URL, NETWORK_RPC_URL: '', EXPLORER_API_URL: '', POLLING_ENABLED: 'true' });
  tracker = await composeNodeTrackingService(config, testLogger('node-tracking'));
  trackerServer = await listen(tracker.app, 0);
  redis = createRedis(REDIS_URL, 'client');
});
afterAll(async () => {
  await trackerServer.close();
  await tracker.close();
  await network.stop();
  await standIn.close();
  redis.disconnect();
});

const lookUp = async () => {
  const res = await fetch(`${network.server.url}/api/shardeum-network/nodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicKeys: ['ab'.repeat(32)] }),
  });
  return NodeLookupReplySchema.parse(await res.json());
};

describe('the node-tracking process', () => {
  it('when the network polls, then the node-tracking process runs the tracking job and the network answers the tracked cycle', async () => {
    expect((await lookUp()).trackedCycle).toBeNull();
    await network.service.pollNetworkNow();
    // The archivers that agreed on the final cycle (both of the stand-in's sign it), written for the tracker before the run was asked for.
    const agreeing = JSON.parse((await redis.get(`${network.prefix}archivers:agreeing`)) ?? '[]') as string[];
    expect(agreeing.sort()).toEqual(standIn.archivers.map((archiver) => archiver.url).sort());

    const tracked = await waitFor(async () => (await lookUp()).trackedCycle ?? undefined, 30_000);
    expect(tracked).toBe(5_000);
    // The run is observed once it returns, after it saved the states the lookup read: wait for the count.
    await waitFor(async () => ((await scrape(`${trackerServer.url}/metrics`)).sum('network_node_tracking_run_seconds_count') >= 1 ? true : undefined), 10_000);
    const [own, networks] = await Promise.all([scrape(`${trackerServer.url}/metrics`), scrape(`${network.server.url}/metrics`)]);
    expect([...new Set(own.samples.map((s) => s.labels.service))]).toEqual(['node-tracking']);
    expect(networks.sum('network_node_tracking_run_seconds_count')).toBe(0);
    expect(own.sum('network_node_tracking_lag_cycles')).toBe(0);
  });

  it('when its probes are asked, then it is live and ready and serves no API', async () => {
    expect((await fetch(`${trackerServer.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${trackerServer.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${trackerServer.url}/api/shardeum-network/nodes`, { method: 'POST' })).status).toBe(404);
  });
});
