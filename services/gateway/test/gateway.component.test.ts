import { CALCULATOR_DEFAULTS, IDENTITY_HEADER, ZERO_ADDRESS } from '@shm/contracts';
import { listen } from '@shm/platform';
import { postJson } from '@shm/platform/testing';
import { startGateway as startTestGateway } from './support/gateway';

const startGateway = (calcUrl: string) => startTestGateway({ CALC_URL: calcUrl });

describe('gateway when the upstream misbehaves', () => {
  it('when calc is stopped, then the caller gets 502 in the error shape with a request id', async () => {
    // A port where calc was and no longer is.
    const gone = await listen(() => undefined, 0);
    const url = gone.url;
    await gone.close();
    const gateway = await startGateway(url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, { params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(res.body.error.message).toBe('The calc service is unavailable');
      expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    } finally {
      await gateway.close();
    }
  });

  it('when calc hangs past the proxy timeout, then the caller gets 502 instead of waiting forever', async () => {
    const hanging = await listen(() => undefined, 0);
    const gateway = await startGateway(hanging.url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, {});
      expect(res.status).toBe(502);
    } finally {
      await gateway.close();
      hanging.server.closeAllConnections();
      await hanging.close();
    }
  });

  it('when a client sends an identity header, then the service never sees it', async () => {
    let seen: string | undefined = 'not called';
    const echo = await listen((req, res) => {
      seen = req.headers[IDENTITY_HEADER] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, 0);
    const gateway = await startGateway(echo.url);
    try {
      const res = await postJson(`${gateway.url}/api/calculations/economics`, {}, { [IDENTITY_HEADER]: '0xforged' });
      expect(res.status).toBe(200);
      expect(seen).toBeUndefined();
    } finally {
      await gateway.close();
      await echo.close();
    }
  });
});

describe('gateway without Redis', () => {
  it('when Redis cannot be reached, then calls that need it answer 503 SERVICE_UNAVAILABLE, not 500', async () => {
    // Nothing listens on port 1: every Redis command fails after its one retry.
    const gateway = await startTestGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await fetch(`${gateway.url}/api/auth/nonce`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await gateway.close().catch(() => undefined);
    }
  });
});
