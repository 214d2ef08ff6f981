import type { IncomingMessage } from 'node:http';
import { listen, type RunningServer } from '@shm/platform';
import { chunkedRequest, errorOf, postChunked, rawConnection, recordingLogger } from '@shm/platform/testing';
import { startGateway, type TestGateway } from './support/gateway';

/** A stand-in service that records what reached it and answers with the body length it read. */
async function recordingService() {
  const seen: { url: string; bytes: number; complete: boolean }[] = [];
  const server = await listen((req: IncomingMessage, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', bytes, complete: true });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes }));
    });
    req.on('aborted', () => seen.push({ url: req.url ?? '', bytes, complete: false }));
  }, 0);
  return { server, seen };
}

describe('gateway body limit with chunked bodies (no Content-Length)', () => {
  const log = recordingLogger('gateway');
  let service: Awaited<ReturnType<typeof recordingService>>;
  let gateway: TestGateway;
  beforeAll(async () => {
    service = await recordingService();
    gateway = await startGateway({ PAYMENTS_URL: service.server.url, BODY_LIMIT_BYTES: String(64 * 1024) }, { logger: log.logger });
  });
  afterAll(async () => {
    await gateway.close();
    await service.server.close();
  });
  beforeEach(() => {
    service.seen.length = 0;
    log.entries.length = 0;
  });

  it('when a 1 MiB chunked body is posted, then the gateway answers 413 in the error shape, nothing reaches the service and nothing is logged as an error', async () => {
    const res = await postChunked(`${gateway.url}/api/verify-payment`, { bytes: 1024 * 1024 }, { 'x-request-id': 'big-chunked' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than 65536 bytes', requestId: 'big-chunked' },
    });
    expect(service.seen).toEqual([]);
    expect(log.errors()).toEqual([]);
  });

  it('when a small chunked body is proxied, then the service receives all of it', async () => {
    const body = JSON.stringify({ walletAddress: `0x${'ab'.repeat(20)}`, transactionHash: `0x${'1'.repeat(64)}` });
    const res = await postChunked(`${gateway.url}/api/verify-payment`, body);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ bytes: body.length });
    expect(service.seen).toEqual([{ url: '/api/verify-payment', bytes: body.length, complete: true }]);
  });

  it('when a small chunked body is posted to a route the gateway answers itself, then its JSON parser reads it', async () => {
    // A cookie makes the caller lookup wait on Redis, as a signed-in browser's does.
    const res = await postChunked(`${gateway.url}/api/auth/verify`, JSON.stringify({ message: 'not a sign-in message' }), { cookie: 'shm_session=unknown' });
    expect(res.status).toBe(400);
    expect(errorOf(JSON.parse(res.body)).code).toBe('VALIDATION_FAILED');
  });

  it('when a body just at the limit is sent in chunks, then it passes', async () => {
    const res = await postChunked(`${gateway.url}/api/payment/initiate`, { bytes: 64 * 1024, chunkSize: 1000 });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ bytes: 64 * 1024 });
  });

  it('when the gateway refused an oversized chunked body, then the next request on the same connection is answered', async () => {
    const connection = await rawConnection(gateway.url);
    try {
      connection.send(chunkedRequest('/api/verify-payment', 1024 * 1024));
      expect(await connection.next()).toMatchObject({ status: 413 });
      connection.send('GET /api/feature-flags HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
    } finally {
      connection.close();
    }
  });
});

describe('gateway in front of a service that answers before reading the whole body', () => {
  let early: RunningServer;
  let gateway: TestGateway;
  beforeAll(async () => {
    // As a service's own JSON limit does: answer 413 at once and stop reading.
    early = await listen((req, res) => {
      req.pause();
      res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'too large' } }));
    }, 0);
    gateway = await startGateway({ PAYMENTS_URL: early.url });
  });
  afterAll(async () => {
    await gateway.close();
    early.server.closeAllConnections();
    await early.close();
  });

  it('when the service answers 413 while the body is still arriving, then the caller gets that 413 and its connection stays usable', async () => {
    const connection = await rawConnection(gateway.url);
    try {
      const body = JSON.stringify({ pad: 'x'.repeat(60 * 1024) });
      connection.send(`POST /api/payment/initiate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      expect(await connection.next()).toMatchObject({ status: 413 });
      connection.send('GET /api/feature-flags HTTP/1.1\r\nHost: test\r\n\r\n');
      expect(await connection.next(3_000)).toMatchObject({ status: 200 });
    } finally {
      connection.close();
    }
  });
});
