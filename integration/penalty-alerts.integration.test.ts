// A penalty applied (issue 35), through the running services: the stand-in's chain holds a node
// penalised for a refutation (the explorer's real shapes), the network service reads it on its money
// route, and the alerts service, told of the refutation on nodes.changed (published by hand on the real
// Redis), checks that route on its schedule and tells every destination of every watching wallet once,
// each request verified as Standard Webhooks lays out. A second incident of the same node and the same
// event again run further checks: nothing more is sent.
import { DEFAULT_FEATURE_FLAGS, IDENTITY_HEADER, dashboardContract, type AlertsReply, type NodeChange, type NodeMoneyReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { createProducer } from '@shm/platform/jobs';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { eventually, startWatchersStandIn, testLogger, type WatchersStandIn, type WebhookReceiver } from '@shm/platform/testing';
import { startArchiverAndPriceStandIn, type StandIn } from '../infra/stand-ins/archiver-and-price';
import { REDIS_URL, SECRET, testId } from './support/env';
import { compose, start, type Started } from './support/services';
import { webhookOf } from './support/webhooks';

jest.setTimeout(90_000);

const id = testId();
const QUEUE_PREFIX = `test-alerts-${id}:bull`;
const KEY = `${id}${'5a'.repeat(28)}`;
const NOMINATOR = `0x${id}${'0'.repeat(31)}1`;
const SHM = 10n ** 18n;
/** 2,345.678901234567890123 SHM: a figure that shows any rounding. */
const PENALTY_WEI = 2_345_678_901_234_567_890_123n;
/** The checks: half a second, 1.5 s and 3 s after the incident's cycle start. */
const SCHEDULE = [500, 1_500, 3_000];

let redis: Redis;
let standIn: StandIn;
let network: Started;
let alerts: Started;
let watchers: WatchersStandIn;
const hooks: WebhookReceiver[] = [];
const jobs = () => createProducer({ redis, prefix: QUEUE_PREFIX, logger: testLogger('test-producer') });

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  standIn = await startArchiverAndPriceStandIn();
  network = await start(
    await compose.network({
      ARCHIVER_URLS: `${standIn.archiver(0).url}#${standIn.archiver(0).publicKey}`,
      EXPLORER_API_URL: standIn.url,
      NODE_ACCOUNT_VALIDATOR_URLS: standIn.url,
      PRICE_API_URL: `${standIn.url}/api/v3/simple/price`,
      NETWORK_RPC_URL: '',
      NODE_MONEY_CACHE_MS: '0',
    }),
  );
  watchers = await startWatchersStandIn(SECRET);
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, personalizedDashboard: true }, at: new Date().toISOString() });
  alerts = await start(
    await compose.alerts({
      ALERT_QUEUE_PREFIX: QUEUE_PREFIX,
      DASHBOARD_URL: watchers.url,
      NETWORK_URL: network.url,
      ALERT_BACKOFF_MS: '100',
      ALERT_PENALTY_CHECK_MS: SCHEDULE.join(','),
    }),
  );
});

afterAll(async () => {
  for (const hook of hooks) await hook.close();
  await alerts?.stop();
  await network?.stop();
  await watchers?.stop();
  await standIn?.close();
  redis?.disconnect();
});

type AlertBody = { message: string; trigger: string; phase: string; change: NodeChange };
const webhook = (wallet: string) => webhookOf(alerts.url, wallet, hooks);

const nodesChanged = (changes: NodeChange[]) => publishEvent(redis, 'nodes.changed', { cycle: changes[0]?.cycle ?? 0, at: changes[0]?.at ?? new Date().toISOString(), changes });
const jobId = (incident: NodeChange, step: number) => `penalty-check_${incident.id.replaceAll(':', '_')}_${step}`;

describe('a penalty applied, through the network service and the alerts service', () => {
  it('when a watched node refutes and the chain takes 2,345.678901234567890123 SHM for it, then each destination gets exactly one alert with the amount and the kind, and further checks send nothing', async () => {
    const now = Date.now();
    // Staked 10,000 SHM two hours ago, active for the last hour; refuted at the start of the cycle 3 s ago, penalised 1 s later.
    const refutedAt = now - 3_000;
    standIn.scriptChainNode(KEY, {
      nominator: NOMINATOR,
      balanceWei: 20_000n * SHM,
      events: [
        { type: 'stake', at: now - 2 * 3_600_000, amountWei: 10_000n * SHM },
        { type: 'activate', at: Math.floor((now - 3_600_000) / 1000) },
        { type: 'penalty', at: refutedAt + 1_000, violation: 1003, amountWei: PENALTY_WEI },
      ],
    });
    // The transaction's hash is the chain's (the stand-in's); the network service lists the penalty with it.
    const money = (await (await fetch(`${network.url}/api/shardeum-network/nodes/${KEY}/money`)).json()) as NodeMoneyReply;
    const row = money.ledger.find((entry) => entry.kind === 'penalty');
    expect(row).toMatchObject({ violation: 'refuted', amountWei: '2345678901234567890123' });
    const txHash = row?.txHash ?? '';

    // Two wallets watch the node: the first with two webhooks, the second (no label) with one.
    const walletA = `0x${id}${'a'.repeat(32)}`;
    const walletB = `0x${id}${'b'.repeat(32)}`;
    const a1 = await webhook(walletA);
    const a2 = await webhook(walletA);
    const b1 = await webhook(walletB);
    watchers.link(walletA, KEY, 'Rack 4');
    watchers.link(walletB, KEY);

    const lost: NodeChange = { id: `700:${KEY}:lost`, publicKey: KEY, kind: 'lost', from: 'active', to: 'active', cycle: 700, at: new Date(refutedAt - 60_000).toISOString() };
    const refuted: NodeChange = { ...lost, id: `701:${KEY}:refuted`, kind: 'refuted', cycle: 701, at: new Date(refutedAt).toISOString() };
    await nodesChanged([lost]);
    await nodesChanged([refuted]);

    const all = [a1, a2, b1];
    const penaltyAlerts = () => all.map(({ verified }) => verified<AlertBody>().filter((body) => body.trigger === 'penalty'));
    await eventually(() => penaltyAlerts().every((bodies) => bodies.length >= 1) || undefined, 'the penalty alert at every destination', 20_000);

    // Worked by hand: 2,345,678,901,234,567,890,123 wei is 2,345.678901234567890123 SHM; the unlabelled entry is named by the key shortened.
    const tail = `penalty applied: 2,345.678901234567890123 SHM taken from the stake for being refuted (it was reported lost, then answered) [refuted] (transaction ${txHash})`;
    expect(penaltyAlerts().map((bodies) => bodies.map((body) => body.message))).toEqual([[`Node Rack 4: ${tail}`], [`Node Rack 4: ${tail}`], [`Node ${KEY.slice(0, 8)}…${KEY.slice(-4)}: ${tail}`]]);
    expect(penaltyAlerts().flat().map((body) => [body.phase, body.change.id])).toEqual([
      ['info', refuted.id],
      ['info', refuted.id],
      ['info', refuted.id],
    ]);
    for (const { hook, destinationId } of all) expect(hook.byKey(`penalty:${txHash}:${destinationId}`).length).toBeGreaterThanOrEqual(1);

    // Further checks: the same refutation again (a redelivered event), and the node apoptosized now,
    // whose checks find the refutation's penalty within their slack (not theirs) and run to the end.
    const apoptosized: NodeChange = { ...lost, id: `650:${KEY}:left-active`, kind: 'apoptosized', to: 'gone', cycle: 703, at: new Date().toISOString() };
    await nodesChanged([refuted]);
    await nodesChanged([apoptosized]);
    const producer = jobs();
    try {
      await eventually(async () => (await producer.state('alertPenaltyCheck', jobId(apoptosized, SCHEDULE.length - 1))) === 'completed' || undefined, 'the last check of the apoptosis', 20_000);
      // The refutation's checks ended at the first, which found its penalty.
      expect(await producer.state('alertPenaltyCheck', jobId(refuted, 0))).toBe('completed');
      expect(await producer.state('alertPenaltyCheck', jobId(refuted, 1))).toBe('missing');
    } finally {
      await producer.close();
    }
    // Nothing more: stored (before any check completes, so no delivery can still be on its way unseen),
    // and received, one penalty delivery per destination (the lost and apoptosized alerts are the episode's own).
    for (const [wallet, destinations] of [[walletA, [a1, a2]], [walletB, [b1]]] as const) {
      const res = await fetch(`${alerts.url}${dashboardContract.alerts.path}`, { headers: { [IDENTITY_HEADER]: signIdentity({ wallet }, SECRET) } });
      const stored = ((await res.json()) as AlertsReply).deliveries.filter((delivery) => delivery.id.startsWith('penalty:'));
      expect(stored.map((delivery) => delivery.id).sort()).toEqual(destinations.map(({ destinationId }) => `penalty:${txHash}:${destinationId}`).sort());
    }
    expect(penaltyAlerts().map((bodies) => bodies.length)).toEqual([1, 1, 1]);
    for (const { hook, destinationId } of all) expect(hook.byKey(`penalty:${txHash}:${destinationId}`)).toHaveLength(1);
  });
});
