import { Wallet } from 'ethers';
import { ErrorReplySchema, buildSiweMessage, parseSiweMessage } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { adminClient, adminToken, challengeMessage, signedChallenge } from './support/admin-client';
import { adminWallet, clientIp, expireNow, startGateway, tokenKey, type TestGateway } from './support/gateway';

// How long admin tokens and challenges live, and what ends them early (docs/security.md, Lifetimes).
let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

/** Each test is its own client (of this file's gateway unless another is named). */
const client = (ip = clientIp(), on: () => TestGateway = () => gateway) => adminClient(on, ip);

const HOUR_MS = 3600_000;

describe('admin lifetimes', () => {
  it('when an admin token\'s Redis key expires, then the admin routes refuse it with 401 in the error shape', async () => {
    const token = await adminToken(gateway);
    const key = tokenKey(gateway, 'admin', token);
    // 8 hours (ADMIN_TOKEN_TTL_SECONDS' default).
    expect(await gateway.redis.pttl(key)).toBeGreaterThan(8 * HOUR_MS - 60_000);
    expect(await gateway.redis.pttl(key)).toBeLessThanOrEqual(8 * HOUR_MS);
    const c = client();
    expect((await c.flags(token)).status).toBe(200);

    await expireNow(gateway.redis, key);
    const res = await c.flags(token);
    expect(res.status).toBe(401);
    expect(ErrorReplySchema.parse(res.body).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired admin token' });
    expect((await c.logout(token)).status).toBe(401);
  });

  it('when ADMIN_TOKEN_TTL_SECONDS is set, then the token and its Redis key last that long', async () => {
    const short = await startGateway({ ADMIN_TOKEN_TTL_SECONDS: '90' });
    try {
      const c = client(clientIp(), () => short);
      const { body } = await c.challenge();
      const res = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(body.challenge), challenge: body.challenge });
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(85_000);
      expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(90_000);
      const ttl = await short.redis.pttl(tokenKey(short, 'admin', res.body.adminToken));
      expect(ttl).toBeGreaterThan(85_000);
      expect(ttl).toBeLessThanOrEqual(90_000);
    } finally {
      await short.close();
    }
  });

  it('when the challenge\'s nonce expires in Redis before verify, then the signed challenge is refused and gives no token', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const key = `${gateway.prefix}nonce:admin:${challengeMessage(challenge).nonce}`;
    // 5 minutes, like the challenge's own Expiration Time; the message is still in date when the key goes.
    expect(await gateway.redis.pttl(key)).toBeGreaterThan(290_000);
    expect(await gateway.redis.pttl(key)).toBeLessThanOrEqual(300_000);
    await expireNow(gateway.redis, key);
    const res = await c.verify({ walletAddress: adminWallet.address, signature, challenge });
    expect(res.status).toBe(401);
    expect(ErrorReplySchema.parse(res.body).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired challenge' });
    expect(res.body.adminToken).toBeUndefined();
  });

  it('when the admin strips the Expiration Time from the challenge and signs that, then it is refused (only the issued text verifies)', async () => {
    const c = client();
    const { body } = await c.challenge();
    const stripped = buildSiweMessage({ ...challengeMessage(body.challenge), expirationTime: undefined });
    expect(stripped).not.toMatch(/Expiration Time/);
    const res = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(stripped), challenge: stripped });
    expect(res.status).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired challenge' });
    // The nonce was not burnt by the refused attempt: the challenge as issued still works.
    const ok = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(body.challenge), challenge: body.challenge });
    expect(ok.status).toBe(200);
  });

  it('when another key signs a challenge naming the admin and claims to be that key, then no token is given and the challenge stays usable', async () => {
    const c = client();
    const other = Wallet.createRandom();
    const { challenge, signature } = await signedChallenge(c, other);
    expect(parseSiweMessage(challenge)?.address).toBe(adminWallet.address);
    const res = await c.verify({ walletAddress: other.address, signature, challenge });
    expect([401, 403]).toContain(res.status);
    expect(ErrorReplySchema.safeParse(res.body).success).toBe(true);
    expect(res.body.adminToken).toBeUndefined();
    const ok = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(challenge), challenge });
    expect(ok.status).toBe(200);
  });

  describe('when ADMIN_WALLET changes', () => {
    const newAdmin = Wallet.createRandom();
    let prefix: string;
    let before: TestGateway;
    let after: TestGateway | undefined;
    beforeEach(async () => {
      // One Redis and one key prefix: the same deployment, before and after its config changed.
      prefix = `test:admin-change:${clientIp()}:`;
      before = await startGateway({ REDIS_KEY_PREFIX: prefix });
    });
    afterEach(async () => {
      await before.close();
      await after?.close();
      after = undefined;
    });
    /** The gateway once the config names the new wallet (closed after the test). */
    const startAfter = async () => (after = await startGateway({ REDIS_KEY_PREFIX: prefix, ADMIN_WALLET: newAdmin.address }));

    it('then a gateway running the new wallet refuses the old admin\'s token and challenge, and admits the new admin', async () => {
      const oldToken = await adminToken(before);
      const onNew = await startAfter();
      const c = client(clientIp(), () => onNew);
      const refused = await c.flags(oldToken);
      expect(refused.status).toBe(401);
      expect(ErrorReplySchema.parse(refused.body).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired admin token' });
      expect((await c.challenge(adminWallet.address)).status).toBe(403);
      expect((await c.flags(await adminToken(onNew, newAdmin))).status).toBe(200);
    });

    it('then a gateway still on the old wallet refuses the new admin\'s token without ending it: after it was asked, the token still works on the gateway running the new wallet', async () => {
      const onNew = await startAfter();
      const token = await adminToken(onNew, newAdmin);
      const current = client(clientIp(), () => onNew);
      const stale = client(clientIp(), () => before);
      const refused = await stale.flags(token);
      expect(refused.status).toBe(401);
      expect(errorOf(refused)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired admin token' });
      // Not even its logout route ends it: the old replica does not take the token for an admin's.
      expect((await stale.logout(token)).status).toBe(401);
      expect((await current.flags(token)).status).toBe(200);
      expect((await current.flags(token)).status).toBe(200);
    });

    it('then a gateway on the old wallet that starts during the rollout (a restart, a reschedule) does not end the new admin\'s tokens', async () => {
      const onNew = await startAfter();
      const token = await adminToken(onNew, newAdmin);
      const restarted = await startGateway({ REDIS_KEY_PREFIX: prefix });
      try {
        expect((await client(clientIp(), () => restarted).flags(token)).status).toBe(401);
        expect((await client(clientIp(), () => onNew).flags(token)).status).toBe(200);
      } finally {
        await restarted.close();
      }
    });

    it('then each replica refuses the other wallet\'s tokens and honours its own: the old admin\'s token, refused by the new gateway, works on the old one until that replica is replaced', async () => {
      const oldToken = await adminToken(before);
      const onNew = await startAfter();
      const newToken = await adminToken(onNew, newAdmin);
      const current = client(clientIp(), () => onNew);
      const stale = client(clientIp(), () => before);
      expect((await current.flags(oldToken)).status).toBe(401);
      expect((await stale.flags(newToken)).status).toBe(401);
      expect((await stale.flags(oldToken)).status).toBe(200);
      expect((await current.flags(newToken)).status).toBe(200);
    });
  });
});
