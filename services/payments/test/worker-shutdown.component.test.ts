// SIGTERM to a payments worker process (PAYMENTS_ROLE=worker) while it verifies payments: each job in
// flight is finished by it, or, when it cannot finish within its shutdown budget, taken over by
// another worker. Never lost.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Wallet } from 'ethers';
import { createProducer, type Producer } from '@shm/platform/jobs';
import { createRedis, type Redis } from '@shm/platform/redis';
import { jobIdOf } from '../src/data-access/verification.queue';
import type { VerificationJob } from '../src/domain/ports';
import { CHAIN_RPC_URL } from './support/env';
import { me, payAndReport, until } from './support/flow';
import { startPayments, type PaymentsUnderTest } from './support/payments-under-test';
import { ROOT, freePort } from './support/processes';
import { startRpcProxy } from './support/rpc-proxy';
import { fundedWallet, testLogger } from '@shm/platform/testing';

// Two worker processes start (tsx) and real payments are verified on a shared, busy machine.
jest.setTimeout(90_000);

const PAYERS = 3;

/**
 * A worker process on the API's queue and database. BullMQ runs the queue's stalled-job check at
 * most once per interval of the worker that ran it last, so every worker here checks each second.
 */
function startWorkerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/payments/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, VERIFY_STALLED_INTERVAL_MS: '1000', ...env, PAYMENTS_ROLE: 'worker', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

async function untilReady(url: string, child: ChildProcess) {
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode} while starting`);
    return fetch(`${url}/readyz`).then((r) => r.ok, () => false);
  }, 45_000, 'the worker process ready');
}

describe('payments worker SIGTERM with jobs in flight', () => {
  let api: PaymentsUnderTest;
  let jobs: Producer;
  let redis: Redis;
  const stateOf = (job: VerificationJob) => jobs.state('paymentVerification', jobIdOf(job));
  const granted = (wallet: Wallet) => async () => (await api.service.domain.grants.current(me(wallet), new Date())) !== null;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    api = await startPayments({ PAYMENTS_ROLE: 'api' });
    redis = createRedis(api.config.REDIS_URL, 'client');
    jobs = createProducer({ redis, prefix: `${api.config.REDIS_KEY_PREFIX}bull`, logger: testLogger() });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await jobs.close();
    redis.disconnect();
    await api.stop();
  });

  /** Pays from PAYERS fresh wallets through the API; resolves once every verification job is active in the worker. */
  async function payWhileWorkerIsSlow() {
    const wallets = await Promise.all(Array.from({ length: PAYERS }, () => fundedWallet()));
    const jobs: VerificationJob[] = [];
    for (const wallet of wallets) jobs.push((await payAndReport(api, wallet)).job);
    await until(async () => (await Promise.all(jobs.map(stateOf))).every((s) => s === 'active'), 30_000, 'every job active in the worker');
    return { wallets, jobs };
  }

  it('when SIGTERM comes while its jobs wait on a slow RPC, then the worker finishes every one, grants access and exits 0', async () => {
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    try {
      // Each RPC call answers 300 ms late: a verification (several calls) takes a few seconds.
      rpc.setDelay(300);
      const port = await freePort();
      const worker = startWorkerProcess({ ...api.rawEnv, PAYMENTS_PORT: String(port), CHAIN_RPC_URL: rpc.url });
      children.push(worker.child);
      await untilReady(`http://127.0.0.1:${port}`, worker.child);
      const { wallets, jobs } = await payWhileWorkerIsSlow();

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      // Done by the worker that was stopped: nothing was left for anyone else.
      expect(await Promise.all(jobs.map(stateOf))).toEqual(jobs.map(() => 'completed'));
      for (const wallet of wallets) expect(await granted(wallet)()).toBe(true);
    } finally {
      await rpc.close();
    }
  });

  it('when its jobs cannot finish within the shutdown budget, then the worker exits 1 and another worker takes them over and grants access', async () => {
    const rpc = await startRpcProxy(CHAIN_RPC_URL);
    let rescuer: PaymentsUnderTest | undefined;
    try {
      rpc.setMode('hang');
      const port = await freePort();
      const worker = startWorkerProcess({
        ...api.rawEnv,
        PAYMENTS_PORT: String(port),
        CHAIN_RPC_URL: rpc.url,
        // The RPC call outlives the 1.5 s budget; the job's lock lapses 2 s after the process is gone.
        RPC_TIMEOUT_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '1500',
        VERIFY_LOCK_MS: '2000',
      });
      children.push(worker.child);
      await untilReady(`http://127.0.0.1:${port}`, worker.child);
      const { wallets, jobs } = await payWhileWorkerIsSlow();

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toEqual({ code: 1, signal: null });
      expect(await Promise.all(jobs.map(stateOf))).toEqual(jobs.map(() => 'active'));

      // Another replica, reading the chain directly, finds the jobs stalled and verifies them.
      rescuer = await startPayments({ ...api.rawEnv, PAYMENTS_ROLE: 'worker', VERIFY_STALLED_INTERVAL_MS: '1000' });
      for (const wallet of wallets) await until(granted(wallet), 30_000, `access granted to ${me(wallet)} by the other worker`);
      // The grant is stored before BullMQ marks the job completed.
      await until(async () => (await Promise.all(jobs.map(stateOf))).every((state) => state === 'completed'), 10_000, 'every job completed');
    } finally {
      await rescuer?.stop({ keepData: true });
      await rpc.close();
    }
  });
});
