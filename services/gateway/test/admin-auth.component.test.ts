import { createHash } from 'node:crypto';
import { Wallet, type HDNodeWallet, type Signer } from 'ethers';
import { ErrorReplySchema, buildSiweMessage, parseSiweMessage } from '@shm/contracts';
import { postJson } from '@shm/platform/testing';
import { nonceRepository } from '../src/data-access/nonce.repository';
import { tokenRepository } from '../src/data-access/token.repository';
import { adminAuth } from '../src/domain/admin-auth';
import { expectationsFrom } from '../src/domain/signed-message';
import { ADMIN_KEY, adminWallet, clientIp, expireNow, startGateway, tokenKey, type TestGateway } from './support/gateway';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

/** Each test is its own client, so the admin rate limit never trips a neighbour. */
function client(ip = clientIp(), on: () => TestGateway = () => gateway) {
  const gateway = on();
  const headers = (token?: string) => ({ 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) });
  return {
    challenge: (walletAddress = adminWallet.address) =>
      postJson(`${gateway.url}/api/admin/auth/challenge`, { walletAddress }, headers()),
    verify: (body: Record<string, unknown>) => postJson(`${gateway.url}/api/admin/auth/verify`, body, headers()),
    logout: (token?: string) => postJson(`${gateway.url}/api/admin/auth/logout`, '', headers(token)),
    flags: async (token?: string) => {
      const res = await fetch(`${gateway.url}/api/admin/feature-flags`, { headers: headers(token) });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}

async function signedChallenge(c = client(), signer: Signer = adminWallet) {
  const { body } = await c.challenge();
  return { challenge: body.challenge as string, signature: await signer.signMessage(body.challenge) };
}

/** A token for `wallet` from the gateway `on`, through the routes. */
async function adminToken(on: TestGateway, wallet: Wallet | HDNodeWallet = adminWallet): Promise<string> {
  const c = client(clientIp(), () => on);
  const { body } = await c.challenge(wallet.address);
  const res = await c.verify({ walletAddress: wallet.address, signature: await wallet.signMessage(body.challenge), challenge: body.challenge });
  expect(res.status).toBe(200);
  return res.body.adminToken as string;
}

const HOUR_MS = 3600_000;

describe('admin sign-in', () => {
  it('when the admin wallet signs the challenge, then it gets a token that opens the admin flags', async () => {
    const c = client();
    const res = await c.challenge();
    expect(res.status).toBe(200);
    const message = parseSiweMessage(res.body.challenge)!;
    expect(message).toMatchObject({ domain: 'localhost:8080', address: adminWallet.address, chainId: 8118, version: '1' });
    expect(Date.parse(message.expirationTime!) - Date.parse(message.issuedAt)).toBe(300_000);

    const signature = await adminWallet.signMessage(res.body.challenge);
    const verified = await c.verify({ walletAddress: adminWallet.address, signature, challenge: res.body.challenge });
    expect(verified.status).toBe(200);
    expect(verified.body.adminToken).toMatch(/^[\w-]{40,}$/);

    const flags = await c.flags(verified.body.adminToken);
    expect(flags.status).toBe(200);
    expect(flags.body.success).toBe(true);
  });

  it('when the wallet address is in lower case, then it is still the admin (case-insensitive)', async () => {
    const c = client();
    const res = await c.challenge(adminWallet.address.toLowerCase());
    const signature = await adminWallet.signMessage(res.body.challenge);
    const verified = await c.verify({ walletAddress: adminWallet.address.toLowerCase(), signature, challenge: res.body.challenge });
    expect(verified.status).toBe(200);
  });

  it('when the admin address comes in mixed case with a wrong checksum, then it is still the admin (no 500)', async () => {
    // EIP-55 would reject this spelling; spec §5 compares addresses case-insensitively.
    const res = await client().challenge('0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(res.status).toBe(200);
    expect(parseSiweMessage(res.body.challenge)?.address).toBe(adminWallet.address);
  });

  it('when another wallet asks for a challenge, then it is refused with the spec text', async () => {
    const res = await client().challenge(Wallet.createRandom().address);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Admin access requires the authorized wallet address' });
  });

  it('when another key signs the admin challenge, then no token is given', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c, Wallet.createRandom());
    const res = await c.verify({ walletAddress: adminWallet.address, signature, challenge });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid signature' });
    expect(res.body.adminToken).toBeUndefined();
  });

  it('when a non-admin wallet signs a message of its own in the challenge format, then it is forbidden', async () => {
    const other = Wallet.createRandom();
    const c = client();
    const { body } = await c.challenge();
    const own = parseSiweMessage(body.challenge)!;
    const challenge = buildSiweMessage({ ...own, address: other.address });
    const res = await c.verify({ walletAddress: other.address, signature: await other.signMessage(challenge), challenge });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Admin access requires the authorized wallet address');
  });

  it('when a challenge is used twice, then the second use is refused', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const body = { walletAddress: adminWallet.address, signature, challenge };
    expect((await c.verify(body)).status).toBe(200);
    const again = await c.verify(body);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('Invalid or expired challenge');
  });

  it('when two verifications of one challenge race, then exactly one gets a token', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const body = { walletAddress: adminWallet.address, signature, challenge };
    const results = await Promise.all(Array.from({ length: 5 }, () => c.verify(body)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('when the challenge text is altered and re-signed by the admin, then it is refused', async () => {
    const c = client();
    const { body } = await c.challenge();
    const tampered = (body.challenge as string).replace('Sign in as the administrator', 'Sign in as the boss');
    const res = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(tampered), challenge: tampered });
    expect(res.status).toBe(401);
  });

  it('when the challenge text is altered after signing, then the signature no longer matches', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const tampered = challenge.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z');
    const res = await c.verify({ walletAddress: adminWallet.address, signature, challenge: tampered });
    expect(res.status).toBe(401);
  });

  it('when a message was never issued here, then it is refused even with a valid admin signature', async () => {
    const now = Date.now();
    const forged = buildSiweMessage({
      domain: 'localhost:8080',
      address: adminWallet.address,
      uri: 'http://localhost:8080/shm/admin',
      version: '1',
      chainId: 8118,
      nonce: 'madeUpNonce12345',
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + 60_000).toISOString(),
    });
    const res = await client().verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(forged), challenge: forged });
    expect(res.status).toBe(401);
  });

  it('when a challenge the server issued has expired, then it is refused even though its nonce is unused', async () => {
    // The same use case the route runs, on the same Redis and prefix, issuing as of 6 minutes ago.
    const auth = adminAuth({
      nonces: nonceRepository(gateway.redis, gateway.prefix),
      tokens: tokenRepository(gateway.redis, gateway.prefix),
      expected: expectationsFrom('http://localhost:8080', 8118),
      adminWallet: adminWallet.address,
      tokenTtlSeconds: 60,
    });
    const { challenge } = await auth.challenge(adminWallet.address, Date.now() - 6 * 60_000);
    const res = await client().verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(challenge), challenge });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Challenge expired');
  });

  it('when the challenge names another chain or site, then it is refused', async () => {
    const c = client();
    const { body } = await c.challenge();
    const message = parseSiweMessage(body.challenge)!;
    for (const changed of [{ chainId: 1 }, { domain: 'evil.example' }, { uri: 'https://evil.example/shm/admin' }]) {
      const text = buildSiweMessage({ ...message, ...changed });
      const res = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(text), challenge: text });
      expect(res.status).toBe(401);
    }
  });

  it('when the admin logs out, then the token no longer works', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const { body } = await c.verify({ walletAddress: adminWallet.address, signature, challenge });
    expect((await c.flags(body.adminToken)).status).toBe(200);
    expect((await c.logout(body.adminToken)).status).toBe(200);
    const after = await c.flags(body.adminToken);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Invalid or expired admin token');
    expect((await c.logout(body.adminToken)).status).toBe(401);
  });

  it('when no or a made-up token is sent, then the admin routes answer 401', async () => {
    const c = client();
    expect((await c.flags()).body.error.message).toBe('Admin authentication required');
    expect((await c.flags('made-up-token')).status).toBe(401);
  });

  it('when the token is stored, then Redis holds only its digest', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const { body } = await c.verify({ walletAddress: adminWallet.address, signature, challenge });
    const keys = await gateway.redis.keys(`${gateway.prefix}*`);
    expect(keys.some((k) => k.includes(body.adminToken))).toBe(false);
    const values = await Promise.all(keys.filter((k) => k.includes('token:admin')).map((k) => gateway.redis.get(k)));
    expect(values.some((v) => v?.includes(body.adminToken))).toBe(false);
    // What is stored is the token's SHA-256 digest (worked out here, not by the repository), bound to the admin wallet.
    const digest = createHash('sha256').update(body.adminToken).digest('hex');
    const stored = await gateway.redis.get(`${gateway.prefix}token:admin:${digest}`);
    expect(JSON.parse(stored!)).toMatchObject({ wallet: adminWallet.address.toLowerCase() });
  });

  it('when the admin key is the public dev key, then the dev admin wallet matches it', () => {
    expect(new Wallet(ADMIN_KEY).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });
});

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
    const key = `${gateway.prefix}nonce:admin:${parseSiweMessage(challenge)!.nonce}`;
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
    const stripped = buildSiweMessage({ ...parseSiweMessage(body.challenge)!, expirationTime: undefined });
    expect(stripped).not.toMatch(/Expiration Time/);
    const res = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(stripped), challenge: stripped });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired challenge' });
    // The nonce was not burnt by the refused attempt: the challenge as issued still works.
    const ok = await c.verify({ walletAddress: adminWallet.address, signature: await adminWallet.signMessage(body.challenge), challenge: body.challenge });
    expect(ok.status).toBe(200);
  });

  it('when another key signs a challenge naming the admin and claims to be that key, then no token is given and the challenge stays usable', async () => {
    const c = client();
    const other = Wallet.createRandom();
    const { challenge, signature } = await signedChallenge(c, other);
    expect(parseSiweMessage(challenge)!.address).toBe(adminWallet.address);
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

    it('then a gateway running the new wallet refuses the old admin\'s token and challenge, and admits the new admin', async () => {
      const oldToken = await adminToken(before);
      after = await startGateway({ REDIS_KEY_PREFIX: prefix, ADMIN_WALLET: newAdmin.address });
      const c = client(clientIp(), () => after!);
      const refused = await c.flags(oldToken);
      expect(refused.status).toBe(401);
      expect(ErrorReplySchema.parse(refused.body).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired admin token' });
      expect((await c.challenge(adminWallet.address)).status).toBe(403);
      expect((await c.flags(await adminToken(after, newAdmin))).status).toBe(200);
    });

    it('then the old tokens are cut, not suspended: a gateway still (or again) on the old wallet refuses them too', async () => {
      const shown = await adminToken(before);
      const neverShown = await adminToken(before);
      after = await startGateway({ REDIS_KEY_PREFIX: prefix, ADMIN_WALLET: newAdmin.address });
      const current = client(clientIp(), () => after!);
      expect((await current.flags(shown)).status).toBe(401);
      // The old replica (a rolling deploy, or the config rolled back) must not honour them again,
      // whether or not they were shown to a gateway on the new wallet.
      const stale = client(clientIp(), () => before);
      const shownThere = await stale.flags(shown);
      expect(shownThere.status).toBe(401);
      expect(shownThere.body.error.message).toBe('Invalid or expired admin token');
      expect((await stale.flags(neverShown)).status).toBe(401);
      // A token the old replica issues after the change ends as soon as a new one sees it.
      const late = await adminToken(before);
      expect((await stale.flags(late)).status).toBe(200);
      expect((await current.flags(late)).status).toBe(401);
      expect((await stale.flags(late)).status).toBe(401);
    });
  });
});
