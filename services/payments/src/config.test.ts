import { loadConfig } from '@shm/platform';
import { PaymentsConfigSchema, paymentsRole } from './config';

const roleOf = (env: Record<string, string>) => paymentsRole(loadConfig(PaymentsConfigSchema, env));

describe('payments role', () => {
  it('when nothing is set, then one process serves the API and runs the worker', () => {
    expect(roleOf({})).toEqual({ api: true, worker: true });
  });

  it('when PAYMENTS_ROLE is api or WORKER_ENABLED is false, then the process serves the API only', () => {
    expect(roleOf({ PAYMENTS_ROLE: 'api' })).toEqual({ api: true, worker: false });
    expect(roleOf({ WORKER_ENABLED: 'false' })).toEqual({ api: true, worker: false });
  });

  it('when PAYMENTS_ROLE is worker, then the process runs the worker and serves no API', () => {
    expect(roleOf({ PAYMENTS_ROLE: 'worker' })).toEqual({ api: false, worker: true });
  });

  it('when PAYMENTS_ROLE is worker but WORKER_ENABLED is false, or the role is unknown, then the configuration is refused', () => {
    expect(() => roleOf({ PAYMENTS_ROLE: 'worker', WORKER_ENABLED: 'false' })).toThrow(/WORKER_ENABLED/);
    expect(() => roleOf({ PAYMENTS_ROLE: 'both' })).toThrow(/PAYMENTS_ROLE/);
  });
});

describe('reorg guard settings', () => {
  it('when RECONCILE_ABSENCE_MS is not set, then a transaction must be missing on reads 30 s apart; when set, that long', () => {
    expect(loadConfig(PaymentsConfigSchema, {}).RECONCILE_ABSENCE_MS).toBe(30_000);
    expect(loadConfig(PaymentsConfigSchema, { RECONCILE_ABSENCE_MS: '120000' }).RECONCILE_ABSENCE_MS).toBe(120_000);
    expect(() => loadConfig(PaymentsConfigSchema, { RECONCILE_ABSENCE_MS: '0' })).toThrow(/RECONCILE_ABSENCE_MS/);
  });
});
