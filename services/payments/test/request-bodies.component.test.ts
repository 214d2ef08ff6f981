import { connect } from 'node:net';
import { Wallet } from 'ethers';
import { chunkedRequest, rawConnection, recordingLogger, controlledClock } from '@shm/platform/testing';
import { signedIn, startPayments, type PaymentsUnderTest } from './support/payments-under-test';

// Real Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(30_000);

const clock = controlledClock();
const paymentsLog = recordingLogger('payments');
let payments: PaymentsUnderTest;
beforeAll(async () => {
  payments = await startPayments({}, { now: clock.now, logger: paymentsLog.logger });
});
afterAll(async () => {
  await payments.stop();
});
beforeEach(() => {
  paymentsLog.entries.length = 0;
});

const errorLogs = () => paymentsLog.errors();

describe('request bodies at the payments service itself', () => {
  it('when a 1 MiB chunked body reaches payments directly, then it answers 413 in the error shape and keeps the connection usable', async () => {
    const wallet = Wallet.createRandom().address;
    const connection = await rawConnection(payments.server.url);
    try {
      const identity = Object.entries(signedIn(wallet)).map(([k, v]) => [k, v] as [string, string]);
      connection.send(chunkedRequest('/api/verify-payment', 1024 * 1024, Object.fromEntries([...identity, ['X-Request-Id', 'direct-big']])));
      const first = await connection.next();
      expect(first).toMatchObject({ status: 413 });
      expect(JSON.parse((first as { body: string }).body)).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large', requestId: 'direct-big' },
      });
      connection.send('GET /api/walletconnect-config HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
      expect(errorLogs()).toEqual([]);
    } finally {
      connection.close();
    }
  });

  it('when a client hangs up in the middle of its body, then payments logs no error and no 500', async () => {
    const { hostname, port } = new URL(payments.server.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const identity = Object.entries(signedIn(Wallet.createRandom().address)).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`POST /api/verify-payment HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n${identity}Content-Length: 10000\r\n\r\n{"walletAddress":"0x`);
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect(errorLogs()).toEqual([]);
    expect(paymentsLog.entries.filter((e) => (e.res as { statusCode?: number } | undefined)?.statusCode === 500)).toEqual([]);
  });
});
