import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { dashboardContract, pathOf, type NodeChange, type NodeChangeKind, type AlertsReply, type DeletedReply, type DestinationReply, type TestDeliveryReply } from '@shm/contracts';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { errorOf, TEST_REDIS_URL } from '@shm/platform/testing';
import { newWallet, publishNetworkRate, startAlerts, type AlertsUnderTest } from './support/alerts-under-test';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';

// One alerts service with fast retries: the first retry after 100 ms (doubling, with jitter), 4 attempts.
const ATTEMPTS = 4;
const REWARD_PER_HOUR = 10;
let dash: AlertsUnderTest;
let redis: Redis;
const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  redis = createRedis(TEST_REDIS_URL, 'client');
  // The reward an "active" alert names: the newest network.updated when the service starts.
  await publishNetworkRate(redis, REWARD_PER_HOUR);
  dash = await startAlerts({ env: { ALERT_ATTEMPTS: String(ATTEMPTS), ALERT_BACKOFF_MS: '100' } });
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  redis.disconnect();
  await dash.stop();
});

const receiver = async (...args: Parameters<typeof startWebhookReceiver>) => {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
};
const newKey = () => (randomUUID() + randomUUID()).replace(/-/g, '');
let cycle = 1_000 + Math.floor(Math.random() * 1_000_000);
const change = (publicKey: string, kind: NodeChangeKind, c = cycle): NodeChange => ({
  id: `${c}:${publicKey}:${kind}`,
  publicKey,
  kind,
  from: kind === 'activated' ? 'syncing' : 'active',
  to: kind === 'activated' ? 'active' : 'gone',
  cycle: c,
  at: new Date().toISOString(),
});
const publish = (changes: NodeChange[]) => {
  const [first] = changes;
  if (!first) throw new Error('an event carries one change at least');
  return publishEvent(redis, 'nodes.changed', { cycle: first.cycle, at: first.at, changes });
};

/** A portfolio entry of `wallet` linking `key`, as the dashboard's watchers route then answers it. */
async function link(wallet: string, key: string, label?: string): Promise<void> {
  dash.dashboard.link(wallet, key, label);
}

/** Each webhook's secret, as its create reply showed it once. */
const secrets = new Map<string, string>();
async function addDestination(wallet: string, url: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await dash.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet, body: { channel: 'webhook', url, ...extra } });
  expect(res.status).toBe(201);
  if (res.body.secret) secrets.set(res.body.destination.id, res.body.secret);
  return res.body.destination.id;
}
/** What a receiver does with the Standard Webhooks library: every attempt verifies with its destination's secret. */
const verifiedIds = (hook: WebhookReceiver, destinationId: string) =>
  hook.attempts.map((attempt) => (new Webhook(secrets.get(destinationId) ?? 'none').verify(attempt.raw, attempt.headers) as { id: string }).id);

const alertsOf = async (wallet: string) => {
  const res = await dash.call<AlertsReply>('GET', dashboardContract.alerts.path, { wallet });
  expect(res.status).toBe(200);
  return res.body;
};
const deliveryOf = async (wallet: string, id: string) => (await alertsOf(wallet)).deliveries.find((delivery) => delivery.id === id);
const finished = (wallet: string, id: string) => eventually(async () => {
  const delivery = await deliveryOf(wallet, id);
  return delivery && (delivery.status === 'delivered' || delivery.status === 'dead') ? delivery : undefined;
}, `delivery ${id} to finish`);

describe('alerts from nodes.changed', () => {
  it('when a linked node goes active and the receiver fails twice first, then it gets exactly one accepted delivery, with one Idempotency-Key, and the notification shows', async () => {
    const wallet = newWallet();
    const key = newKey();
    const hook = await receiver((n) => (n <= 2 ? 'fail' : 'accept'));
    const destinationId = await addDestination(wallet, hook.url, { label: 'My hook' });
    await link(wallet, key, 'Rack 3');
    const activated = change(key, 'activated', ++cycle);
    // 'refuted' with no problem open is not an alert; the other key is linked by nobody.
    await publish([activated, change(key, 'refuted', cycle), change(newKey(), 'lost', cycle)]);

    const deliveryId = `${activated.id}:${destinationId}`;
    const delivery = await finished(wallet, deliveryId);
    // 503, 503, then 200: three attempts, the last failure kept.
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastError: 'HTTP 503', destinationId, notificationId: `${activated.id}:${wallet}`, test: false });
    expect(hook.attempts.map((a) => [a.idempotencyKey, a.outcome])).toEqual([
      [deliveryId, 'failed'],
      [deliveryId, 'failed'],
      [deliveryId, 'accepted'],
    ]);
    const message = `Node Rack 3 is active: reward clock started at cycle ${activated.cycle} at 10 SHM/h`;
    const meaning = { phase: 'info', trigger: 'activated', episodeId: null };
    expect(hook.accepted()[0]?.body).toEqual({ id: deliveryId, type: 'node.changed', change: activated, nodeLabel: 'Rack 3', message, ...meaning, at: activated.at });
    expect(verifiedIds(hook, destinationId)).toEqual([deliveryId, deliveryId, deliveryId]);
    expect(hook.attempts.map((a) => a.headers['webhook-id'])).toEqual([deliveryId, deliveryId, deliveryId]);

    const { notifications, destinations } = await alertsOf(wallet);
    expect(notifications).toEqual([{ id: `${activated.id}:${wallet}`, change: activated, nodeLabel: 'Rack 3', message, ...meaning, createdAt: expect.any(String) as unknown }]);
    expect(destinations).toEqual([
      { id: destinationId, walletAddress: wallet, channel: 'webhook', label: 'My hook', urlPreview: `${new URL(hook.url).origin}/…`, chatId: null, signed: true, createdAt: expect.any(String) as unknown },
    ]);
  });

  it('when the same event is published twice, then there is still one notification and one delivery', async () => {
    const wallet = newWallet();
    const key = newKey();
    const hook = await receiver();
    const destinationId = await addDestination(wallet, hook.url);
    await link(wallet, key);
    const lost = change(key, 'lost', ++cycle);
    await publish([lost]);
    await publish([lost]);
    // Events are handled in order: once a later event's alert is there, both copies were handled.
    const marker = change(key, 'vanished', ++cycle);
    await publish([marker]);
    await finished(wallet, `${marker.id}:${destinationId}`);
    await finished(wallet, `${lost.id}:${destinationId}`);

    const { notifications, deliveries } = await alertsOf(wallet);
    expect(notifications.map((notification) => notification.id)).toEqual([`${marker.id}:${wallet}`, `${lost.id}:${wallet}`]);
    expect(notifications[1]?.message).toBe(`Node ${key.slice(0, 8)}…${key.slice(-4)} was reported lost at cycle ${lost.cycle}: a penalty may follow, whether it refutes or is removed (while the network’s slashing is on)`);
    expect(deliveries.map((d) => d.id).sort()).toEqual([`${lost.id}:${destinationId}`, `${marker.id}:${destinationId}`].sort());
    expect(hook.byKey(`${lost.id}:${destinationId}`).map((a) => a.outcome)).toEqual(['accepted']);
  });

  it('when two wallets link the same node, then each gets its own notification and delivery, and a wallet without destinations only the notification', async () => {
    const [a, b, quiet] = [newWallet(), newWallet(), newWallet()];
    const key = newKey();
    const hook = await receiver();
    const destA = await addDestination(a, hook.url);
    const destB = await addDestination(b, hook.url);
    for (const wallet of [a, b, quiet]) await link(wallet, key, 'Shared');
    const removed = change(key, 'removed', ++cycle);
    await publish([removed]);

    await finished(a, `${removed.id}:${destA}`);
    await finished(b, `${removed.id}:${destB}`);
    expect(hook.accepted().map((x) => x.idempotencyKey).sort()).toEqual([`${removed.id}:${destA}`, `${removed.id}:${destB}`].sort());
    const q = await eventually(async () => {
      const alerts = await alertsOf(quiet);
      return alerts.notifications.length ? alerts : undefined;
    }, 'the notification of the wallet without destinations');
    expect(q.notifications.map((n) => n.message)).toEqual([`Node Shared rotated out at cycle ${removed.cycle}: the period's earned SHM is not known yet (the portfolio shows it)`]);
    expect(q.deliveries).toEqual([]);
  });

  it('when the receiver always fails, then the delivery ends dead after every attempt, with the last error', async () => {
    const wallet = newWallet();
    const key = newKey();
    const hook = await receiver(() => 'fail');
    const destinationId = await addDestination(wallet, hook.url);
    await link(wallet, key);
    const apoptosized = change(key, 'apoptosized', ++cycle);
    await publish([apoptosized]);

    const delivery = await finished(wallet, `${apoptosized.id}:${destinationId}`);
    expect(delivery).toMatchObject({ status: 'dead', attempts: ATTEMPTS, lastError: 'HTTP 503' });
    expect(hook.attempts).toHaveLength(ATTEMPTS);
    expect(hook.accepted()).toEqual([]);
  });
});

describe('alert destinations', () => {
  it('when a test is asked, then a pending test delivery is queued and the receiver gets the sample', async () => {
    const wallet = newWallet();
    const hook = await receiver();
    const destinationId = await addDestination(wallet, hook.url, { label: 'Ops' });
    const res = await dash.call<TestDeliveryReply>('POST', pathOf(dashboardContract.testDestination, { id: destinationId }), { wallet });
    expect(res.status).toBe(202);
    expect(res.body.delivery).toMatchObject({ destinationId, notificationId: null, status: 'pending', attempts: 0, lastError: null, test: true });
    expect(res.body.delivery.id).toMatch(new RegExp(`^test:[0-9a-f-]{36}:${destinationId}$`));

    expect(await finished(wallet, res.body.delivery.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(hook.accepted().map((a) => [a.idempotencyKey, a.body.type, a.body.message])).toEqual([[res.body.delivery.id, 'test', 'Test alert for Ops: this destination works']]);
    expect(verifiedIds(hook, destinationId)).toEqual([res.body.delivery.id]);
  });

  it("when another wallet deletes or tests this wallet's destination, then it is not found, and the destination stays", async () => {
    const [owner, other] = [newWallet(), newWallet()];
    const destinationId = await addDestination(owner, 'http://127.0.0.1:9/hook');
    for (const [method, path] of [
      ['DELETE', pathOf(dashboardContract.deleteDestination, { id: destinationId })],
      ['POST', pathOf(dashboardContract.testDestination, { id: destinationId })],
    ] as const) {
      const res = await dash.call(method, path, { wallet: other });
      expect({ path, status: res.status, code: errorOf(res).code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect((await alertsOf(other)).destinations).toEqual([]);
    expect((await alertsOf(owner)).destinations.map((d) => d.id)).toEqual([destinationId]);
    expect((await dash.call<DeletedReply>('DELETE', pathOf(dashboardContract.deleteDestination, { id: destinationId }), { wallet: owner })).body).toEqual({ success: true, deletedId: destinationId });
    expect((await alertsOf(owner)).destinations).toEqual([]);
  });

  it('when a wallet adds a sixth destination, then it is refused with 409 LIMIT_REACHED', async () => {
    const wallet = newWallet();
    for (let i = 0; i < 5; i++) await addDestination(wallet, `http://127.0.0.1:9/hook/${i}`);
    const res = await dash.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet, body: { channel: 'webhook', url: 'http://127.0.0.1:9/six' } });
    expect({ status: res.status, code: errorOf(res).code }).toEqual({ status: 409, code: 'LIMIT_REACHED' });
  });

  it('when a destination is incomplete or its host does not resolve, then 400 names the field', async () => {
    const wallet = newWallet();
    const post = (body: unknown) => dash.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet, body });
    expect(errorOf(await post({ channel: 'telegram', url: 'https://api.telegram.org/bot1:abc/sendMessage' })).fields).toEqual({ chatId: 'Telegram needs a chat id' });
    expect(errorOf(await post({ channel: 'webhook', url: 'ftp://127.0.0.1/x' })).fields).toEqual({ url: 'Must be an http(s) URL' });
    const unresolvable = await post({ channel: 'webhook', url: 'http://no-such-host.invalid/hook' });
    expect({ status: unresolvable.status, fields: errorOf(unresolvable).fields }).toEqual({
      status: 400,
      fields: { url: 'Must name a host that resolves (no-such-host.invalid does not)' },
    });
  });

  it('when a telegram destination is added, then the chat id is kept and the URL shown only up to the host', async () => {
    const wallet = newWallet();
    const res = await dash.call<DestinationReply>('POST', dashboardContract.createDestination.path, {
      wallet,
      body: { channel: 'telegram', url: 'http://127.0.0.1:9/bot123:secret/sendMessage', chatId: '-1001234' },
    });
    expect(res.body.destination).toMatchObject({ channel: 'telegram', chatId: '-1001234', urlPreview: 'http://127.0.0.1:9/…', label: 'Telegram 127.0.0.1', signed: false });
    expect(res.body.secret).toBeNull();
    expect(JSON.stringify(await alertsOf(wallet))).not.toContain('secret');
  });
});

describe('destination URLs in production mode', () => {
  let prod: AlertsUnderTest;
  beforeAll(async () => {
    prod = await startAlerts({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => prod.stop());

  it.each([
    ['http://hooks.example.com/x', 'Must use https'],
    ['https://127.0.0.1/x', 'Must not point to a loopback address (127.0.0.1)'],
    ['https://[::1]/x', 'Must not point to a loopback address (::1)'],
    ['https://10.1.2.3/x', 'Must not point to a private address (10.1.2.3)'],
    ['https://172.16.0.9/x', 'Must not point to a private address (172.16.0.9)'],
    ['https://192.168.1.1/x', 'Must not point to a private address (192.168.1.1)'],
    ['https://169.254.169.254/latest/meta-data/', 'Must not point to a link-local (cloud metadata) address (169.254.169.254)'],
    ['https://[fe80::1]/x', 'Must not point to a link-local address (fe80::1)'],
    ['https://[::ffff:127.0.0.1]/x', 'Must not point to a loopback address (::ffff:7f00:1)'],
  ])('when the URL is %s, then 400 names url: %s', async (url, message) => {
    const res = await prod.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet: newWallet(), body: { channel: 'webhook', url } });
    expect({ status: res.status, code: errorOf(res).code, fields: errorOf(res).fields }).toEqual({ status: 400, code: 'VALIDATION_FAILED', fields: { url: message } });
  });

  it('when the name resolves to loopback (localhost), then it is refused too', async () => {
    const res = await prod.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet: newWallet(), body: { channel: 'webhook', url: 'https://localhost/x' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields?.url).toMatch(/^Must not point to a loopback address \(localhost is (127\.0\.0\.1|::1)\)$/);
  });
});
