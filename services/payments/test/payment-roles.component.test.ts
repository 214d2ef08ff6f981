import type { Wallet } from 'ethers';
import { fundedWallet } from './support/chain';
import { me, payAndReport, until } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';

// Real chain, Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(60_000);

// The API and the verification worker as two processes from one image (PAYMENTS_ROLE), as
// docker-compose.yml and infra/k8s run them: here two instances sharing one Redis prefix and database.
let api: PaymentsUnderTest;
let worker: PaymentsUnderTest;
beforeAll(async () => {
  api = await startPayments({ PAYMENTS_ROLE: 'api' });
  worker = await startPayments({ ...api.rawEnv, PAYMENTS_ROLE: 'worker' });
});
afterAll(async () => {
  await worker?.stop({ keepData: true });
  await api?.stop();
});

const hasAccess = (wallet: Wallet) => async () => (await api.service.domain.grants.current(me(wallet), new Date())) !== null;

describe('payments API and worker as separate processes', () => {
  it('when the process is worker-only, then it answers the probes but serves no API', async () => {
    expect((await fetch(`${worker.server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${worker.server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok', mongo: 'ok' } });
    const config = await worker.call('GET', '/api/walletconnect-config');
    expect(config.status).toBe(404);
    expect((await api.call('GET', '/api/walletconnect-config')).status).toBe(200);
  });

  it('when a payment is reported to the API-only process, then the worker-only process verifies it and grants access', async () => {
    const wallet = await fundedWallet();
    await payAndReport(api, wallet);
    await until(hasAccess(wallet), 30_000, 'access granted by the worker process');
    const info = await api.call('GET', `/api/wallet/${me(wallet)}/session-info`, { wallet: me(wallet) });
    expect(info.body.sessionInfo.isValid).toBe(true);
  });
});
