import type { Wallet } from 'ethers';
import { identifyingLabels, scrape, fundedWallet } from '@shm/platform/testing';
import type { WalletConnectConfigReply, WalletSessionInfoReply } from '@shm/contracts';
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
  it('when the process is worker-only, then it answers the probes and /metrics but serves no API', async () => {
    expect((await fetch(`${worker.server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${worker.server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok', mongo: 'ok' } });
    const config = await worker.call<WalletConnectConfigReply>('GET', '/api/walletconnect-config');
    expect(config.status).toBe(404);
    expect((await api.call<WalletConnectConfigReply>('GET', '/api/walletconnect-config')).status).toBe(200);

    const fromWorker = await scrape(`${worker.server.url}/metrics`);
    expect(fromWorker.types.get('payment_verification_jobs_total')).toBe('counter');
    expect(fromWorker.types.get('payment_verification_queue_depth')).toBe('gauge');
    expect(fromWorker.find('payment_verification_queue_depth').map((s) => s.labels)).toEqual(
      ['waiting', 'prioritized', 'active', 'delayed', 'failed'].map((state) => ({ state, service: 'payments-worker' })),
    );
    // The API runs no worker: it reports the shared queue, and no job outcomes.
    const fromApi = await scrape(`${api.server.url}/metrics`);
    expect(fromApi.find('payment_verification_queue_depth', { service: 'payments', state: 'waiting' })).toHaveLength(1);
    expect(fromApi.types.has('payment_verification_jobs_total')).toBe(false);
  });

  it('when a payment is reported to the API-only process, then the worker-only process verifies it and grants access', async () => {
    const outcomes = async () => {
      const scraped = await scrape(`${worker.server.url}/metrics`);
      return Object.fromEntries(scraped.find('payment_verification_jobs_total').map((sample) => [String(sample.labels.outcome), sample.value] as const));
    };
    const before = await outcomes();
    const wallet = await fundedWallet();
    await payAndReport(api, wallet);
    await until(hasAccess(wallet), 30_000, 'access granted by the worker process');
    const info = await api.call<WalletSessionInfoReply>('GET', `/api/wallet/${me(wallet)}/session-info`, { wallet: me(wallet) });
    expect(info.body.sessionInfo.isValid).toBe(true);

    // One job, mined before it was reported (the chain mines at once): verified on its first attempt, by the worker.
    // A counter's label set shows once it is counted: none before the first completed job.
    const completedBefore = before.completed ?? 0;
    await until(async () => (await outcomes()).completed === completedBefore + 1, 5_000, 'the completed job counted');
    expect(await outcomes()).toEqual({ ...before, completed: completedBefore + 1 });
    const apiScrape = await scrape(`${api.server.url}/metrics`);
    expect(apiScrape.sum('payment_verification_queue_depth', { state: 'waiting' })).toBe(0);
    // The API's request metrics name routes, never the wallet in the path.
    expect(apiScrape.sum('http_requests_total', { route: '/api/wallet/:address/session-info', status_class: '2xx' })).toBe(1);
    expect(identifyingLabels(apiScrape)).toEqual([]);
  });
});
