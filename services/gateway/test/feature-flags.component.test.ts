import { randomUUID } from 'node:crypto';
import { DEFAULT_FEATURE_FLAGS, type AdminChallengeReply, type AdminFlagsReply, type AdminVerifyReply, type FeatureFlagsReply } from '@shm/contracts';
import { listen, verifyIdentity, type Identity } from '@shm/platform';
import { consumeEvents } from '@shm/platform/redis';
import { errorOf, postJson, readJson, testLogger } from '@shm/platform/testing';
import { adminWallet, clientIp, startGateway, type TestGateway } from './support/gateway';

let gateway: TestGateway;
let token: string;
const ip = clientIp();
beforeAll(async () => {
  gateway = await startGateway();
  const { body } = await postJson<AdminChallengeReply>(`${gateway.url}/api/admin/auth/challenge`, { walletAddress: adminWallet.address }, { 'x-forwarded-for': ip });
  const verified = await postJson<AdminVerifyReply>(
    `${gateway.url}/api/admin/auth/verify`,
    { walletAddress: adminWallet.address, challenge: body.challenge, signature: await adminWallet.signMessage(body.challenge) },
    { 'x-forwarded-for': ip },
  );
  token = verified.body.adminToken;
});
afterAll(() => gateway.close());

const setFlag = (body: unknown, bearer = token) =>
  postJson<AdminFlagsReply>(`${gateway.url}/api/admin/feature-flags`, body, { authorization: `Bearer ${bearer}`, 'x-forwarded-for': ip });
const publicFlags = async () => (await readJson<FeatureFlagsReply>(await fetch(`${gateway.url}/api/feature-flags`))).flags;

describe('feature flags', () => {
  it('when nothing was ever set, then every flag is off', async () => {
    expect(await publicFlags()).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('when the admin turns a flag on, then the public flags show it and a flags.changed event carries every flag', async () => {
    const seen: unknown[] = [];
    const consumer = await consumeEvents(gateway.redis, {
      group: `test-${randomUUID()}`,
      consumer: 'c1',
      logger: testLogger(),
      blockMs: 100,
      handlers: { 'flags.changed': (payload) => void seen.push(payload.flags) },
    });
    try {
      const res = await setFlag({ feature: 'networkData', enabled: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, flags: { ...DEFAULT_FEATURE_FLAGS, networkData: true } });
      expect(await publicFlags()).toEqual({ ...DEFAULT_FEATURE_FLAGS, networkData: true });
      const deadline = Date.now() + 5000;
      const expected = { ...DEFAULT_FEATURE_FLAGS, networkData: true };
      while (!seen.some((f) => JSON.stringify(f) === JSON.stringify(expected)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toContainEqual(expected);
    } finally {
      await consumer.stop();
    }
    const turnedOff = await setFlag({ feature: 'networkData', enabled: false });
    expect(turnedOff.body.flags.networkData).toBe(false);
  });

  it('when a flag name is unknown or the value is not a boolean, then 400 names the field', async () => {
    const unknown = await setFlag({ feature: 'darkMode', enabled: true });
    expect(unknown.status).toBe(400);
    expect(Object.keys(errorOf(unknown).fields ?? {})).toEqual(['feature']);
    const notBoolean = await setFlag({ feature: 'confetti', enabled: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(errorOf(notBoolean).fields).toEqual({ enabled: 'Must be true or false' });
  });

  it('when there is no valid token, then flags cannot be changed', async () => {
    const res = await setFlag({ feature: 'confetti', enabled: true }, 'nope');
    expect(res.status).toBe(401);
    expect((await publicFlags()).confetti).toBe(false);
  });

  it('when the flags are stored, then a new gateway on the same Redis reads the same values', async () => {
    await setFlag({ feature: 'personalizedDashboard', enabled: true });
    const replica = await startGateway({ REDIS_KEY_PREFIX: gateway.prefix });
    try {
      const { flags } = await readJson<FeatureFlagsReply>(await fetch(`${replica.url}/api/feature-flags`));
      expect(flags.personalizedDashboard).toBe(true);
    } finally {
      await replica.close();
    }
  });

  it('when an admin calls a service, then the identity it forwards says admin', async () => {
    let seen: Identity | null = null;
    const echo = await listen((req, res) => {
      seen = verifyIdentity(req.headers['x-shm-identity'] as string, 'component-test-internal-secret');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, 0);
    const replica = await startGateway({ REDIS_KEY_PREFIX: gateway.prefix, CALC_URL: echo.url, INTERNAL_SECRET: 'component-test-internal-secret' });
    try {
      await postJson(`${replica.url}/api/calculations/economics`, {}, { authorization: `Bearer ${token}` });
      expect(seen).toEqual({ admin: true });
    } finally {
      await replica.close();
      await echo.close();
    }
  });
});
