import type { ErrorReply } from '@shm/contracts';
import { Wallet } from 'ethers';
import { chunkedRequest, postChunked, rawConnection, recordingLogger } from '@shm/platform/testing';
import { startFront, type Front } from './support/front';
import { startPayments, type Started } from './support/services';

/** A fresh signer (a plain Wallet, as sign-in takes). */
const newWallet = () => new Wallet(Wallet.createRandom().privateKey);

// Real Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(30_000);

const now = () => new Date();
const paymentsLog = recordingLogger('payments');
const frontLog = recordingLogger('front');
let payments: Started;
let front: Front;
beforeAll(async () => {
  payments = await startPayments({}, { now }, paymentsLog.logger);
  front = await startFront(payments.url, now, { logger: frontLog.logger });
});
afterAll(async () => {
  await front.stop();
  await payments.stop();
});
beforeEach(() => {
  paymentsLog.entries.length = 0;
  frontLog.entries.length = 0;
});

const verifyBody = (wallet: Wallet) => JSON.stringify({ walletAddress: wallet.address, transactionHash: `0x${'5'.repeat(64)}` });
const errorLogs = () => [...paymentsLog.errors(), ...frontLog.errors()];

describe('request bodies sent in chunks (no Content-Length), web → gateway → payments', () => {
  it('when a signed-in caller posts a 1 MiB chunked body through the web entry, then it gets 413 PAYLOAD_TOO_LARGE in the error shape and no hop logs an error', async () => {
    const cookie = await front.signIn(newWallet());
    const res = await postChunked(`${front.webUrl}/api/verify-payment`, { bytes: 1024 * 1024 }, { cookie, 'x-request-id': 'one-mebibyte' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than 65536 bytes', requestId: 'one-mebibyte' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(errorLogs()).toEqual([]);
    expect(paymentsLog.entries.filter((e) => (e.msg ?? '').includes('verify-payment'))).toEqual([]);
  });

  it('when a caller that asks to close its connection posts a 1 MiB chunked body, then the gateway still answers 413, not the 502 of an upstream socket closed mid-body', async () => {
    const res = await postChunked(`${front.webUrl}/api/verify-payment`, { bytes: 1024 * 1024 }, { connection: 'close' });
    expect(res.status).toBe(413);
    expect((JSON.parse(res.body) as ErrorReply).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(errorLogs()).toEqual([]);
  });

  it('when a signed-in caller posts a valid body in chunks through the web entry, then payments reads all of it and answers', async () => {
    const wallet = newWallet();
    const cookie = await front.signIn(wallet);
    const res = await postChunked(`${front.webUrl}/api/verify-payment`, verifyBody(wallet), { cookie });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, reason: 'NO_PAYMENT_SESSION' });
  });

  it('when the web entry refused a chunked body, then the next request on the same connection is answered', async () => {
    const cookie = await front.signIn(newWallet());
    const connection = await rawConnection(front.webUrl);
    try {
      connection.send(chunkedRequest('/api/verify-payment', 1024 * 1024, { Cookie: cookie }));
      expect(await connection.next()).toMatchObject({ status: 413 });
      connection.send('GET /api/walletconnect-config HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
    } finally {
      connection.close();
    }
  });
});
