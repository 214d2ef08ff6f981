import { AlertsConfigSchema } from '@shm/alerts/config';
import { CalcConfigSchema } from '@shm/calc/config';
import { DashboardConfigSchema } from '@shm/dashboard/config';
import { GatewayConfigSchema } from '@shm/gateway/config';
import { NetworkConfigSchema } from '@shm/network/config';
import { PaymentsConfigSchema } from '@shm/payments/config';
import { DEV_INTERNAL_SECRET, loadConfig } from '@shm/platform';
import type { z } from 'zod';
import { WebConfigSchema } from '../web/server/config';

/** Values a production deployment sets in place of the public development ones. */
const REAL = {
  INTERNAL_SECRET: 'a-real-secret-of-more-than-32-characters',
  ADMIN_WALLET: '0x' + '1'.repeat(40),
  PAYMENT_RECIPIENT: '0x' + '2'.repeat(40),
};

/** Every service's own settings, with the port each listens on by default (README, "Ports"). */
const SERVICES: [string, z.ZodType, string, number][] = [
  ['calc', CalcConfigSchema, 'CALC_PORT', 8101],
  ['gateway', GatewayConfigSchema, 'GATEWAY_PORT', 8000],
  ['payments', PaymentsConfigSchema, 'PAYMENTS_PORT', 8102],
  ['dashboard', DashboardConfigSchema, 'DASHBOARD_PORT', 8104],
  ['alerts', AlertsConfigSchema, 'ALERTS_PORT', 8105],
  ['network', NetworkConfigSchema, 'NETWORK_PORT', 8103],
];
const CHECKS_IDENTITY = ['calc', 'gateway', 'payments', 'dashboard', 'alerts'];

describe('service configuration', () => {
  it.each(SERVICES.filter(([name]) => CHECKS_IDENTITY.includes(name)))(
    'when %s starts with NODE_ENV=production and the dev INTERNAL_SECRET, then it refuses; with a real one it starts',
    (_name, schema) => {
      expect(() => loadConfig(schema, { ...REAL, NODE_ENV: 'production', INTERNAL_SECRET: DEV_INTERNAL_SECRET })).toThrow(
        'INTERNAL_SECRET: must be set in production (the default is a public development value)',
      );
      expect(() => loadConfig(schema, { ...REAL, NODE_ENV: 'production' })).not.toThrow();
    },
  );

  it.each(SERVICES)('when %s is given no environment, then it runs on the local defaults', (name, schema, portKey, port) => {
    const config = loadConfig(schema, {}) as Record<string, unknown>;
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      BIND_HOST: '127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6380',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      [portKey]: port,
    });
    expect(config.INTERNAL_SECRET).toBe(CHECKS_IDENTITY.includes(name) ? DEV_INTERNAL_SECRET : undefined);
  });

  it('when the web server is given no environment, then it runs on the local defaults, and a bad LOG_LEVEL stops it', () => {
    expect(loadConfig(WebConfigSchema, {})).toMatchObject({ NODE_ENV: 'development', LOG_LEVEL: 'info', BIND_HOST: '127.0.0.1', WEB_PORT: 8080, SHUTDOWN_TIMEOUT_MS: 10_000 });
    expect(() => loadConfig(WebConfigSchema, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('when network runs in production, then it needs no INTERNAL_SECRET (it checks no identity) but every archiver seed pinned to its key', () => {
    const pinned = `http://35.238.248.68:4000#${'ab'.repeat(32)}`;
    expect(() => loadConfig(NetworkConfigSchema, { NODE_ENV: 'production', ARCHIVER_URLS: pinned })).not.toThrow();
    expect(() => loadConfig(NetworkConfigSchema, { NODE_ENV: 'production' })).toThrow(/ARCHIVER_URLS: every archiver seed must be pinned/);
    expect(loadConfig(NetworkConfigSchema, { ARCHIVER_URLS: `${pinned},http://10.0.0.1:4000/` }).ARCHIVER_URLS).toEqual([
      { url: 'http://35.238.248.68:4000', publicKey: 'ab'.repeat(32) },
      { url: 'http://10.0.0.1:4000' },
    ]);
  });
});
