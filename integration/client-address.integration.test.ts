import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_RATE_LIMIT } from '@shm/contracts';
import { listen, loadConfig, type RunningServer } from '@shm/platform';
import { testLogger } from '@shm/platform/testing';
import { createApp as createWebApp } from '../web/server/app';
import { WebConfigSchema } from '../web/server/config';
import { clientIp, compose, start, type Started } from './support/services';

const startGateway = async (env: Record<string, string> = {}) => start(await compose.gateway({ PROXY_TIMEOUT_MS: '500', ...env }));

const adminCall = (url: string, forwardedFor: string) => fetch(`${url}/api/admin/feature-flags`, { headers: { 'x-forwarded-for': forwardedFor } });

/** Spends a client's whole admin allowance (20) and one more, which must be refused. */
async function exhaust(url: string, forwardedFor: () => string): Promise<number> {
  for (let i = 0; i < ADMIN_RATE_LIMIT.limit; i++) await adminCall(url, forwardedFor());
  return (await adminCall(url, forwardedFor())).status;
}

async function startWeb(gateway: Started, trusted: string): Promise<RunningServer> {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  const config = loadConfig(WebConfigSchema, { GATEWAY_URL: gateway.url, WEB_DIST: dist, WEB_TRUSTED_PROXIES: trusted });
  return listen(createWebApp({ logger: testLogger('web'), config }), 0);
}

describe('the client address behind proxies (TRUSTED_PROXIES)', () => {
  it('when the gateway trusts no proxy, then X-Forwarded-For cannot pick a rate-limit bucket', async () => {
    const gateway = await startGateway({ TRUSTED_PROXIES: '' });
    try {
      // Every call claims another address; all of them count for the one real peer.
      expect(await exhaust(gateway.url, clientIp)).toBe(429);
    } finally {
      await gateway.stop();
    }
  });

  it('when a visitor writes X-Forwarded-For at the web entry, then it is replaced: the visitor cannot pick its own bucket', async () => {
    const gateway = await startGateway();
    const web = await startWeb(gateway, '');
    try {
      expect(await exhaust(web.url, clientIp)).toBe(429);
    } finally {
      await web.close();
      await gateway.stop();
    }
  });

  it('when the web entry trusts the load balancer in front of it, then visitors behind it are counted apart: one locked out, another not', async () => {
    const gateway = await startGateway();
    // The test client plays the load balancer (on loopback), naming each visitor in X-Forwarded-For.
    const web = await startWeb(gateway, 'loopback');
    try {
      const noisy = clientIp();
      expect(await exhaust(web.url, () => noisy)).toBe(429);
      expect((await adminCall(web.url, clientIp())).status).toBe(401);
    } finally {
      await web.close();
      await gateway.stop();
    }
  });
});
