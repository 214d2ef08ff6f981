import { randomUUID } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { dashboardContract, pathOf, type AlertsReply, type DestinationReply, type RotateSecretReply, type TestDeliveryReply } from '@shm/contracts';
import { connectMongo } from '@shm/platform/mongo';
import { errorOf, eventually, startWebhookReceiver, type WebhookReceiver } from '@shm/platform/testing';
import { newWallet, startAlerts, type AlertsUnderTest } from './support/alerts-under-test';

// Signed webhooks (docs/alerts.md, "Signed webhooks"): the secret shown once, rotated, and what a receiver verifying with the library sees.
let dash: AlertsUnderTest;
let hook: WebhookReceiver;
beforeAll(async () => {
  dash = await startAlerts();
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook.close();
  await dash.stop();
});

const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;
const create = (wallet: string, body: Record<string, unknown> = { channel: 'webhook', url: hook.url }) =>
  dash.call<DestinationReply>('POST', dashboardContract.createDestination.path, { wallet, body });
const rotate = (wallet: string | undefined, id: string) => dash.call<RotateSecretReply>('POST', pathOf(dashboardContract.rotateDestinationSecret, { id }), { wallet });
const listed = async (wallet: string) => (await dash.call<AlertsReply>('GET', dashboardContract.alerts.path, { wallet })).body;

/** Sends a test alert and answers the attempt the receiver got for it. */
async function testSend(wallet: string, id: string) {
  const { body } = await dash.call<TestDeliveryReply>('POST', pathOf(dashboardContract.testDestination, { id }), { wallet });
  return eventually(() => hook.byKey(body.delivery.id)[0], `the test delivery to ${id}`);
}

describe('signing secrets', () => {
  it('when a webhook is added, then the reply shows its secret once, the list never, and its deliveries verify with it', async () => {
    const wallet = newWallet();
    const res = await create(wallet);
    expect(res.status).toBe(201);
    const { secret, destination } = res.body;
    expect(secret).toMatch(SECRET_FORMAT);
    expect(destination.signed).toBe(true);
    expect(JSON.stringify(destination)).not.toContain(secret);
    const list = await listed(wallet);
    expect(list.destinations.map((d) => [d.id, d.signed])).toEqual([[destination.id, true]]);
    expect(JSON.stringify(list)).not.toContain(secret?.slice(6));

    const attempt = await testSend(wallet, destination.id);
    expect(attempt.headers['webhook-id']).toBe(attempt.idempotencyKey);
    expect(new Webhook(secret ?? '').verify(attempt.raw, attempt.headers)).toMatchObject({ id: attempt.idempotencyKey, type: 'test' });
  });

  it('when the secret is rotated, then the reply shows a new one once, the old one no longer verifies, and the new one does', async () => {
    const wallet = newWallet();
    const { destination, secret: old } = (await create(wallet)).body;
    const res = await rotate(wallet, destination.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, destinationId: destination.id, secret: expect.stringMatching(SECRET_FORMAT) as unknown });
    expect(res.body.secret).not.toBe(old);
    expect(JSON.stringify(await listed(wallet))).not.toContain(res.body.secret.slice(6));

    const attempt = await testSend(wallet, destination.id);
    expect(() => new Webhook(old ?? '').verify(attempt.raw, attempt.headers)).toThrow(new WebhookVerificationError('No matching signature found'));
    expect(new Webhook(res.body.secret).verify(attempt.raw, attempt.headers)).toMatchObject({ id: attempt.idempotencyKey });
  });

  it('when a webhook was stored before signing, then it is shown unsigned and delivers unsigned until its first rotation', async () => {
    const wallet = newWallet();
    const id = randomUUID();
    const mongo = await connectMongo(dash.config.MONGO_URL, dash.config.MONGO_DB);
    const at = new Date();
    await mongo.collection('alert_destinations').insertOne({ _id: id as never, wallet, channel: 'webhook', label: 'Old hook', url: hook.url, chatId: null, createdAt: at, updatedAt: at });
    await mongo.close();
    expect((await listed(wallet)).destinations.map((d) => [d.label, d.signed])).toEqual([['Old hook', false]]);
    const unsigned = await testSend(wallet, id);
    expect(Object.keys(unsigned.headers).filter((name) => name.startsWith('webhook-'))).toEqual([]);

    const { secret } = (await rotate(wallet, id)).body;
    expect((await listed(wallet)).destinations.map((d) => d.signed)).toEqual([true]);
    const signed = await testSend(wallet, id);
    expect(new Webhook(secret).verify(signed.raw, signed.headers)).toMatchObject({ id: signed.idempotencyKey });
  });
});

describe('rotating refused', () => {
  it.each([
    ['another wallet’s destination', 'other', 404, 'NOT_FOUND'],
    ['an id that does not exist', 'owner', 404, 'NOT_FOUND'],
    ['an id longer than 64 characters', 'owner', 400, 'VALIDATION_FAILED'],
    ['a caller not signed in', 'nobody', 401, 'UNAUTHORIZED'],
  ])('when it is %s, then %i %s and the secret is unchanged', async (what, who, status, code) => {
    const owner = newWallet();
    const { destination, secret } = (await create(owner)).body;
    const id = { 'an id that does not exist': randomUUID(), 'an id longer than 64 characters': 'x'.repeat(65) }[what] ?? destination.id;
    const res = await rotate({ owner, other: newWallet(), nobody: undefined }[who], id);
    expect({ status: res.status, code: errorOf(res).code }).toEqual({ status, code });
    if (status === 400) expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['id']);
    const attempt = await testSend(owner, destination.id);
    expect(new Webhook(secret ?? '').verify(attempt.raw, attempt.headers)).toMatchObject({ id: attempt.idempotencyKey });
  });

  it('when the destination is Discord, then 409 CONFLICT says its URL is its own secret', async () => {
    const wallet = newWallet();
    const { destination, secret } = (await create(wallet, { channel: 'discord', url: 'http://127.0.0.1:9/api/webhooks/1/abc' })).body;
    expect([destination.signed, secret]).toEqual([false, null]);
    const res = await rotate(wallet, destination.id);
    expect({ status: res.status, code: errorOf(res).code, message: errorOf(res).message }).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Only webhook destinations are signed; a Discord or Telegram URL is its own secret',
    });
  });
});
