import { randomUUID } from 'node:crypto';
import { CALCULATOR_DEFAULTS, DEFAULT_FEATURE_FLAGS, IDENTITY_HEADER, ZERO_ADDRESS, type EconomicsReply } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import { createRedis, publishEvent, type Redis } from '@shm/platform/redis';
import { errorOf, TEST_REDIS_URL, startTestServer, testLogger } from '@shm/platform/testing';
import { createApp } from '../src/app';
import { grantsRepository } from '../src/data-access/grants.repository';
import { gatedAccess } from '../src/domain/access-policy';
import { gateFlag } from '../src/domain/gate-flag';
import { liveDefaultsState } from '../src/domain/live-defaults';
import { startHandlers } from '@shm/platform/jobs';
import { gateFlagHandler } from '../src/entry-points/events/flags.handler';

const REDIS_URL = TEST_REDIS_URL;
const SECRET = 'calc-component-test-secret';
const WALLET = '0x00000000000000000000000000000000000000aa';

let redis: Redis;
let server: Awaited<ReturnType<typeof startTestServer>>;
let follower: { stop(): Promise<void> };
let grants: ReturnType<typeof grantsRepository>;
const gate = gateFlag();

const setGate = async (paymentGate: boolean) => {
  await publishEvent(redis, 'flags.changed', { flags: { ...DEFAULT_FEATURE_FLAGS, paymentGate }, at: new Date().toISOString() });
  const deadline = Date.now() + 5000;
  while (gate.isOn() !== paymentGate) {
    if (Date.now() > deadline) throw new Error('the gate flag did not follow the event');
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** Calc's gate flag handler, started by the job runtime with a group of its own. */
const follow = (flag: ReturnType<typeof gateFlag>) =>
  startHandlers({ redis, prefix: 'calc-test:', logger: testLogger(), handlers: [gateFlagHandler(flag, `calc-test-${randomUUID()}`)], blockMs: 100 });
const economics = (headers: Record<string, string> = {}) =>
  server.postJson<EconomicsReply>('/api/calculations/economics', { params: CALCULATOR_DEFAULTS, walletAddress: WALLET }, headers);

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'client');
  follower = await follow(gate);
  // As in production: the gate with calc's grants (fed by payment.confirmed; here recorded directly).
  grants = grantsRepository(redis, `calc-test-grants-${randomUUID()}:`);
  server = await startTestServer(createApp({ access: gatedAccess(gate, grants), liveDefaults: liveDefaultsState() }, { logger: testLogger('calc'), internalSecret: SECRET }));
});
afterAll(async () => {
  await setGate(false);
  await server.close();
  await follower.stop();
  await redis.quit();
});

describe('payment gate in calc (following flags.changed)', () => {
  it('when the gate is turned on, then a caller without a signed-in wallet gets 403 Payment Required', async () => {
    await setGate(true);
    const res = await economics();
    expect(res.status).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Payment Required' });
    const projection = await server.postJson('/api/calculations/projections', {
      params: {
        investmentAmount: 10_000, projectionMonths: 12, projectedShmPrice: 1, shmPrice: 0.1265, shmStake: 2400,
        nodeCostPerMonth: 35, rewardPerHour: 10, totalNodes: 256, activeCommunityNodes: 20, standbyNodes: 200,
      },
      walletAddress: ZERO_ADDRESS,
    });
    expect(projection.status).toBe(403);
  });

  it('when the gate is on and the identity header is hand-written or signed with another secret, then it is refused', async () => {
    await setGate(true);
    const handWritten = `${Buffer.from(JSON.stringify({ wallet: WALLET, exp: Date.now() + 60_000 })).toString('base64url')}.forged`;
    expect((await economics({ [IDENTITY_HEADER]: handWritten })).status).toBe(403);
    expect((await economics({ [IDENTITY_HEADER]: signIdentity({ wallet: WALLET }, 'another-secret-entirely') })).status).toBe(403);
    expect((await economics({ [IDENTITY_HEADER]: WALLET })).status).toBe(403);
  });

  it('when the gate is on, then a signed-in wallet without a grant is refused, and with one gets results', async () => {
    await setGate(true);
    const signedIn = { [IDENTITY_HEADER]: signIdentity({ wallet: WALLET }, SECRET) };
    expect((await economics(signedIn)).status).toBe(403);
    const now = Date.now();
    await grants.record({ wallet: WALLET, sessionId: randomUUID(), grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 24 * 3_600_000).toISOString() });
    const res = await economics(signedIn);
    expect(res.status).toBe(200);
    expect(res.body.results.maxNodes).toBe(32);
  });

  it('when the gate is turned off again, then anyone may calculate', async () => {
    await setGate(false);
    expect((await economics()).status).toBe(200);
  });

  it('when a calc starts after the gate was turned on, then it reads the stored value before any new event', async () => {
    await setGate(true);
    const late = gateFlag();
    const lateFollower = await follow(late);
    try {
      expect(late.isOn()).toBe(true);
    } finally {
      await lateFollower.stop();
    }
  });
});
