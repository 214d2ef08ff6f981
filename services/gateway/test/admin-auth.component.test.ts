import { createHash } from 'node:crypto';
import { Wallet } from 'ethers';
import { buildSiweMessage, parseSiweMessage } from '@shm/contracts';
import { errorOf } from '@shm/platform/testing';
import { nonceRepository } from '../src/data-access/nonce.repository';
import { tokenRepository } from '../src/data-access/token.repository';
import { adminAuth } from '../src/domain/admin-auth';
import { expectationsFrom } from '../src/domain/signed-message';
import { adminClient, challengeMessage, signedChallenge } from './support/admin-client';
import { ADMIN_KEY, adminWallet, clientIp, startGateway, type TestGateway } from './support/gateway';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(() => gateway.close());

/** Each test is its own client (of this file's gateway unless another is named). */
const client = (ip = clientIp(), on: () => TestGateway = () => gateway) => adminClient(on, ip);


describe('admin sign-in', () => {
  it('when the admin wallet signs the challenge, then it gets a token that opens the admin flags', async () => {
    const c = client();
    const res = await c.challenge();
    expect(res.status).toBe(200);
    const message = challengeMessage(res.body.challenge);
    expect(message).toMatchObject({ domain: 'localhost:8080', address: adminWallet.address, chainId: 8118, version: '1' });
    expect(Date.parse(message.expirationTime ?? '') - Date.parse(message.issuedAt)).toBe(300_000);

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
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: 'Admin access requires the authorized wallet address' });
  });

  it('when another key signs the admin challenge, then no token is given', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c, Wallet.createRandom());
    const res = await c.verify({ walletAddress: adminWallet.address, signature, challenge });
    expect(res.status).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid signature' });
    expect(res.body.adminToken).toBeUndefined();
  });

  it('when a non-admin wallet signs a message of its own in the challenge format, then it is forbidden', async () => {
    const other = Wallet.createRandom();
    const c = client();
    const { body } = await c.challenge();
    const own = challengeMessage(body.challenge);
    const challenge = buildSiweMessage({ ...own, address: other.address });
    const res = await c.verify({ walletAddress: other.address, signature: await other.signMessage(challenge), challenge });
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toBe('Admin access requires the authorized wallet address');
  });

  it('when a challenge is used twice, then the second use is refused', async () => {
    const c = client();
    const { challenge, signature } = await signedChallenge(c);
    const body = { walletAddress: adminWallet.address, signature, challenge };
    expect((await c.verify(body)).status).toBe(200);
    const again = await c.verify(body);
    expect(again.status).toBe(401);
    expect(errorOf(again).message).toBe('Invalid or expired challenge');
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
    const tampered = body.challenge.replace('Sign in as the administrator', 'Sign in as the boss');
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
    expect(errorOf(res).message).toBe('Challenge expired');
  });

  it('when the challenge names another chain or site, then it is refused', async () => {
    const c = client();
    const { body } = await c.challenge();
    const message = challengeMessage(body.challenge);
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
    expect(errorOf(after).message).toBe('Invalid or expired admin token');
    expect((await c.logout(body.adminToken)).status).toBe(401);
  });

  it('when no or a made-up token is sent, then the admin routes answer 401', async () => {
    const c = client();
    expect(errorOf(await c.flags()).message).toBe('Admin authentication required');
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
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ wallet: adminWallet.address.toLowerCase() });
  });

  it('when the admin key is the public dev key, then the dev admin wallet matches it', () => {
    expect(new Wallet(ADMIN_KEY).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });
});
