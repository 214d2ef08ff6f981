import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Wallet } from 'ethers';
import type { RegisterWalletReply, CheckPaymentStatusReply } from '@shm/contracts';
import { createProducer } from '@shm/platform/jobs';
import { createRedis } from '@shm/platform/redis';
import { errorOf, parseMetrics, fundedWallet, testLogger } from '@shm/platform/testing';
import { jobIdOf } from '../src/data-access/verification.queue';
import { CHAIN_RPC_URL } from './support/env';
import { me, payAndReport, until } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { ROOT, startOwnMongo, startOwnRedis, stopProcess } from './support/processes';
import { startRpcProxy } from './support/rpc-proxy';

// Real chain, Redis and MongoDB-wire server on a shared, busy machine.
jest.setTimeout(90_000);

const hasAccess = (payments: PaymentsUnderTest, wallet: Wallet) => async () =>
  (await payments.service.domain.grants.current(me(wallet), new Date())) !== null;

/** What this instance's worker counted, by outcome (payment_verification_jobs_total). */
async function jobOutcomes(payments: PaymentsUnderTest) {
  const scraped = parseMetrics(await payments.service.metrics.scrape());
  return Object.fromEntries(scraped.find('payment_verification_jobs_total').map((sample) => [String(sample.labels.outcome), sample.value] as const));
}

/** Where the verification job stands now, read through the job runtime as any producer would. */
async function jobOf(payments: PaymentsUnderTest, job: { sessionId: string; txHash: string; wallet: string }) {
  const connection = createRedis(payments.config.REDIS_URL, 'client');
  const jobs = createProducer({ redis: connection, prefix: `${payments.config.REDIS_KEY_PREFIX}bull`, logger: testLogger() });
  try {
    return { state: await jobs.state('paymentVerification', jobIdOf(job)) };
  } finally {
    await jobs.close();
    connection.disconnect();
  }
}

describe('payment verification rides out failures', () => {
  it('when the RPC is down through every attempt, then the payment is failed-but-retryable with a true message, and a later status check queues it again and grants access', async () => {
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    const payments = await startPayments({ CHAIN_RPC_URL: rpc.url, VERIFY_ATTEMPTS: '2', VERIFY_BACKOFF_MS: '100' });
    try {
      const wallet = await fundedWallet();
      rpc.setMode('fail');
      const { sessionId } = await payAndReport(payments, wallet);
      const status = () => payments.call<CheckPaymentStatusReply>('POST', `/api/check-payment-status/${me(wallet)}`, { wallet: me(wallet) });
      await until(async () => (await payments.service.domain.intents.get(sessionId))?.status === 'failed', 20_000, 'the attempts to run out');
      const stranded = await payments.service.domain.intents.get(sessionId);
      expect(stranded).toMatchObject({ reason: 'RPC_UNAVAILABLE', canRetry: true });
      expect(stranded?.error).toBe('Payment is being processed: the network could not be reached for a while; verify again to check once more');

      rpc.setMode('pass');
      expect((await status()).status).toBe(200);
      await until(hasAccess(payments, wallet), 20_000, 'access after the status check');
      expect((await status()).body).toMatchObject({ status: 'confirmed', isPaid: true, sessionId });
    } finally {
      await payments.stop();
      await rpc.close();
    }
  });

  it('when the RPC fails for a while, then the job retries with growing delays and then grants access', async () => {
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    const payments = await startPayments({ CHAIN_RPC_URL: rpc.url, VERIFY_ATTEMPTS: '8', VERIFY_BACKOFF_MS: '200' });
    try {
      const wallet = await fundedWallet();
      rpc.failNext(4);
      const started = Date.now();
      const { job } = await payAndReport(payments, wallet);
      await until(hasAccess(payments, wallet), 20_000, 'access after RPC failures');
      const elapsed = Date.now() - started;
      expect(rpc.stats.failed).toBe(4);
      // The job is marked completed just after the grant is written.
      await until(async () => (await jobOf(payments, job))?.state === 'completed', 5000, 'the job to complete');
      // What an operator sees: four attempts to be run again, then one that completed.
      await until(async () => (await jobOutcomes(payments)).completed === 1, 5000, 'the completion counted');
      expect(await jobOutcomes(payments)).toEqual({ completed: 1, retried: 4, failed: 0, stalled: 0 });
      // Four failed attempts wait 200, 400, 800 and 1600 ms (exponential), each cut by up to 50 % jitter.
      expect(elapsed).toBeGreaterThanOrEqual(1500);
    } finally {
      await payments.stop();
      await rpc.close();
    }
  });

  it('when Redis stops while a verification waits for its retry and starts again, then the job completes and access is granted', async () => {
    const redis = await startOwnRedis();
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    const payments = await startPayments({ REDIS_URL: redis.url, CHAIN_RPC_URL: rpc.url, VERIFY_ATTEMPTS: '30', VERIFY_BACKOFF_MS: '200' });
    try {
      const wallet = await fundedWallet();
      rpc.setMode('fail');
      const { job, sessionId } = await payAndReport(payments, wallet);
      await until(() => rpc.stats.failed >= 2, 10_000, 'the first failed attempts');
      await redis.stop();
      await new Promise((r) => setTimeout(r, 2000));
      rpc.setMode('pass');
      await redis.start();
      await until(hasAccess(payments, wallet), 30_000, 'access after the Redis restart');
      // The grant is written before the intent is marked confirmed (a crash between them keeps the
      // access): the intent follows within the same job.
      await until(async () => (await payments.service.domain.intents.get(sessionId))?.status === 'confirmed', 5000, 'the intent to read confirmed');
      await until(async () => (await jobOf(payments, job))?.state === 'completed', 5000, 'the job to complete');
      // The confirmation reached the event stream of the restarted Redis too.
      const events = createRedis(redis.url, 'client');
      const entries = await events.xrange('events:payment.confirmed', '-', '+');
      events.disconnect();
      expect(entries.some(([, fields]) => fields[1]?.includes(sessionId))).toBe(true);
    } finally {
      await payments.stop();
      await rpc.close();
      await redis.remove();
    }
  });

  it('when the worker process is killed mid-job, then another worker takes the stalled job over and grants access', async () => {
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    const settings = { CHAIN_RPC_URL: rpc.url, VERIFY_LOCK_MS: '2000', VERIFY_STALLED_INTERVAL_MS: '1000', RPC_TIMEOUT_MS: '60000' };
    // The API replica queues; a worker in its own process takes the job and hangs on the RPC.
    const api = await startPayments({ ...settings, WORKER_ENABLED: 'false' });
    const env = { ...process.env, ...api.rawEnv, ...settings, PAYMENTS_PORT: '0', WORKER_ENABLED: 'true', LOG_LEVEL: 'silent' };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/payments/src/main.ts')], { cwd: ROOT, env, stdio: 'ignore' });
    let takeover: PaymentsUnderTest | undefined;
    try {
      const wallet = await fundedWallet();
      rpc.setMode('hang');
      const { job } = await payAndReport(api, wallet);
      await until(async () => rpc.stats.hung > 0 && (await jobOf(api, job))?.state === 'active', 60_000, 'the child worker to take the job');
      await stopProcess(child, 'SIGKILL');
      rpc.setMode('pass');

      const worker = await startPayments({ ...api.rawEnv, ...settings, WORKER_ENABLED: 'true' });
      takeover = worker;
      await until(hasAccess(api, wallet), 30_000, 'access after the takeover');
      await until(async () => (await jobOf(api, job))?.state === 'completed', 5000, 'the job to complete');
      // The worker that took over found the stalled job and completed it.
      await until(async () => (await jobOutcomes(worker)).completed === 1, 5000, 'the completion counted');
      const counted = await jobOutcomes(worker);
      expect(counted.stalled).toBeGreaterThanOrEqual(1);
      expect(counted.completed).toBe(1);
    } finally {
      await stopProcess(child, 'SIGKILL');
      await takeover?.stop({ keepData: true });
      await api.stop();
      await rpc.close();
    }
  });

  it('when MongoDB goes away, then payment calls answer 503 SERVICE_UNAVAILABLE instead of hanging', async () => {
    const mongo = await startOwnMongo();
    const payments = await startPayments({ MONGO_URL: mongo.url });
    try {
      const wallet = '0x' + 'ab'.repeat(20);
      expect((await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet, body: { walletAddress: wallet } })).status).toBe(200);
      await mongo.remove();
      const started = Date.now();
      const res = await payments.call<RegisterWalletReply>('POST', '/api/wallet/register', { wallet, body: { walletAddress: wallet } });
      expect(res.status).toBe(503);
      expect(errorOf(res)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Payments are unavailable right now; try again shortly' });
      // Server selection gives up after 5 s; the reply follows at once (slack for a busy machine).
      expect(Date.now() - started).toBeLessThan(12_000);
      expect((await fetch(`${payments.server.url}/readyz`)).status).toBe(503);
    } finally {
      await payments.server.close();
      await payments.service.close();
    }
  });
});
