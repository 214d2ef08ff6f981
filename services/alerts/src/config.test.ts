import { loadConfig } from '@shm/platform';
import { AlertsConfigSchema, alertTargetsStrict, alertsRole } from './config';

const PROD_SECRET = { NODE_ENV: 'production', INTERNAL_SECRET: 'a-production-secret-of-enough-length-0123456789' };
const load = (env: Record<string, string>) => loadConfig(AlertsConfigSchema, env);

describe('alerts role', () => {
  it('when nothing is set, then one process serves the API and runs the delivery', () => {
    expect(alertsRole(load({}))).toEqual({ api: true, worker: true });
  });

  it('when ALERTS_ROLE is api or WORKER_ENABLED is false, then the process serves the API only', () => {
    expect(alertsRole(load({ ALERTS_ROLE: 'api' }))).toEqual({ api: true, worker: false });
    expect(alertsRole(load({ WORKER_ENABLED: 'false' }))).toEqual({ api: true, worker: false });
  });

  it('when ALERTS_ROLE is worker, then the process runs the consumer and the delivery only; with WORKER_ENABLED=false it is refused', () => {
    expect(alertsRole(load({ ALERTS_ROLE: 'worker' }))).toEqual({ api: false, worker: true });
    expect(() => load({ ALERTS_ROLE: 'worker', WORKER_ENABLED: 'false' })).toThrow(/WORKER_ENABLED/);
  });
});

describe('where alerts may be sent', () => {
  it('when outside production, then private targets and http are allowed unless turned off', () => {
    expect(alertTargetsStrict(load({}))).toBe(false);
    expect(alertTargetsStrict(load({ ALERT_ALLOW_PRIVATE_TARGETS: 'false' }))).toBe(true);
  });

  it('when in production, then the rules are strict, and allowing private targets is refused', () => {
    expect(alertTargetsStrict(load(PROD_SECRET))).toBe(true);
    expect(() => load({ ...PROD_SECRET, ALERT_ALLOW_PRIVATE_TARGETS: 'true' })).toThrow(/ALERT_ALLOW_PRIVATE_TARGETS/);
  });

  it('when nothing is set, then 6 attempts, 10 s first backoff, 5 s timeout and 64 KB replies', () => {
    expect(load({})).toMatchObject({ ALERT_ATTEMPTS: 6, ALERT_BACKOFF_MS: 10_000, ALERT_TIMEOUT_MS: 5_000, ALERT_MAX_RESPONSE_BYTES: 65_536 });
  });
});

describe('penalty checks', () => {
  it('when nothing is set, then checks at 1, 2, 5, 10 and 30 minutes after the incident, with 10 min of slack', () => {
    expect(load({})).toMatchObject({ ALERT_PENALTY_CHECK_MS: [60_000, 120_000, 300_000, 600_000, 1_800_000], ALERT_PENALTY_SLACK_MS: 600_000 });
  });

  it('when a schedule is given, then it is read as its list of delays', () => {
    expect(load({ ALERT_PENALTY_CHECK_MS: '500, 1500,3000' }).ALERT_PENALTY_CHECK_MS).toEqual([500, 1_500, 3_000]);
  });

  it.each(['', '60000,30000', '60000,abc', '0,1000', '1.5'])('when the schedule is %p, then it is refused, naming the variable', (value) => {
    expect(() => load({ ALERT_PENALTY_CHECK_MS: value })).toThrow(/ALERT_PENALTY_CHECK_MS/);
  });
});
