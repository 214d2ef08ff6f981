// The steady load the faults land on: new payments from fresh funded wallets (sign in, start a
// payment, pay 0.1 SHM on the chain, report the hash, then poll until access is granted, nudging
// with check-payment-status as a page would), and calculations by paid and unpaid wallets.
import { CALCULATOR_DEFAULTS, calcContract, pathOf, paymentContract } from '@shm/contracts';
import { type JsonRpcProvider, type TransactionReceipt, Wallet, parseEther } from 'ethers';
import { persist, signIn, sleep, visitorIp } from './client';
import type { LoadContext, Payment, Reply, Visitor } from './types';

/** Waits for a transaction's receipt on the chain (which mines on send). */
async function receiptOf(chain: JsonRpcProvider, hash: string): Promise<TransactionReceipt> {
  for (;;) {
    const receipt = await chain.getTransactionReceipt(hash);
    if (receipt) return receipt;
    await sleep(100);
  }
}

/**
 * `unpaid`: signed-in visitors who never pay. `ctx.stopNew` ends the new payments (`payLoop` settles once the
 * started ones are reported), `ctx.hardStop` every retry and the watching, `stopCalculations()` the
 * calculations.
 */
export function startLoad(
  ctx: LoadContext,
  unpaid: Visitor[],
): { payLoop: Promise<void>; watchLoop: Promise<void>; stopCalculations: () => Promise<void> } {
  let flows = 0;
  const stopped = () => ctx.hardStop;

  async function paymentFlow(): Promise<void> {
    const wallet = Wallet.createRandom().connect(ctx.chain);
    const address = wallet.address;
    const payment: Payment = { wallet: address, ip: visitorIp(), stage: 'funding', nudges: 0 };
    ctx.payments.push(payment);
    const funding = await ctx.funder.sendTransaction({ to: address, value: parseEther('0.2') });
    await receiptOf(ctx.chain, funding.hash);
    payment.stage = 'signing in';
    payment.cookie = await persist(() => signIn(ctx.call, wallet, payment.ip), stopped);
    if (!payment.cookie) return;
    payment.stage = 'initiating';
    const body = { walletAddress: address };
    const intent = await persist(async () => {
      const res = await ctx.call<{ sessionId: string; recipient: string; amount: string }>('payments', 'initiate', 'POST', paymentContract.initiate.path, { cookie: payment.cookie, ip: payment.ip, body });
      return res.ok ? res.json : null;
    }, stopped);
    if (!intent) return;
    payment.sessionId = intent.sessionId;
    payment.stage = 'paying';
    const tx = await wallet.sendTransaction({ to: intent.recipient, value: parseEther(intent.amount) });
    const receipt = await receiptOf(ctx.chain, tx.hash);
    payment.txHash = tx.hash;
    payment.paidAt = Date.now();
    payment.paid = receipt.status === 1;
    payment.stage = 'reporting';
    const reported = await persist(async () => {
      const res = await ctx.call('payments', 'submitted', 'POST', paymentContract.submitted.path, {
        cookie: payment.cookie,
        ip: payment.ip,
        body: { ...body, transactionHash: tx.hash, sessionId: intent.sessionId },
      });
      return res.ok ? true : null;
    }, stopped);
    if (!reported) return;
    payment.reportedAt = Date.now();
    payment.stage = 'verifying';
  }

  // A new payment every PAY_EVERY ms while fewer than `payers` are still on their way to reporting.
  const payLoop = (async () => {
    while (!ctx.stopNew) {
      if (flows < ctx.opts.payers) {
        flows += 1;
        paymentFlow()
          .catch((err: unknown) => console.error(`a payment flow broke: ${err instanceof Error ? err.message : String(err)}`))
          .finally(() => {
            flows -= 1;
          });
      }
      await sleep(ctx.opts.payEveryMs);
    }
    while (flows > 0) await sleep(200);
  })();

  // Reported payments: session-info every second until access is granted, a status check now and then.
  const watchLoop = (async () => {
    while (!ctx.hardStop) {
      const pending = ctx.payments.filter((p) => p.reportedAt && !p.confirmedAt);
      await Promise.all(pending.map((p) => checkOnce(ctx, p)));
      await sleep(1_000);
    }
  })();

  // Calculations: paid and unpaid wallets in turn, CALC_RATE a second, never more than 30 in flight.
  let calcStopped = false;
  let inFlight = 0;
  const calcLoop = (async () => {
    for (let i = 0; !calcStopped; i += 1) {
      const paid = ctx.payments.filter((p) => p.confirmedAt);
      if (inFlight < 30) {
        inFlight += 1;
        const who = i % 2 === 0 && paid.length ? paid[Math.floor(Math.random() * paid.length)] : unpaid[i % unpaid.length];
        if (who) {
          calculate(ctx, who)
            .catch(() => {})
            .finally(() => {
              inFlight -= 1;
            });
        } else inFlight -= 1;
      }
      await sleep(1_000 / ctx.opts.calcRate);
    }
  })();

  return {
    payLoop,
    watchLoop,
    async stopCalculations() {
      calcStopped = true;
      await calcLoop;
      while (inFlight > 0) await sleep(100);
    },
  };
}

/** One look at a reported payment: granted yet? If it has waited a while, nudge it (re-queues a lost or failed-but-retryable check). */
export async function checkOnce(ctx: LoadContext, payment: Payment): Promise<boolean> {
  const res = await ctx.call<{ sessionInfo?: { isValid?: boolean } }>('payments', 'session-info', 'GET', pathOf(paymentContract.sessionInfo, { address: payment.wallet }), { cookie: payment.cookie, ip: payment.ip });
  if (res.ok && res.json?.sessionInfo?.isValid) {
    if (!payment.confirmedAt) {
      payment.confirmedAt = Date.now();
      payment.confirmedInGrace = ctx.stopNew;
      ctx.rec.confirmed(payment.confirmedAt, payment.paidAt ?? payment.confirmedAt);
    }
    return true;
  }
  const since = Math.max(payment.reportedAt ?? 0, payment.nudgedAt ?? 0);
  if (Date.now() - since >= ctx.nudgeMs) {
    payment.nudgedAt = Date.now();
    payment.nudges += 1;
    await ctx.call('payments', 'check-status', 'POST', pathOf(paymentContract.checkStatus, { address: payment.wallet }), { cookie: payment.cookie, ip: payment.ip });
  }
  return false;
}

/** A calculation as `who`: a paid wallet must get 200, an unpaid one 403 (a 403 to a payer is a denied grant). */
export async function calculate(ctx: LoadContext, who: Visitor): Promise<Reply> {
  const expect = who.confirmedAt ? 200 : 403;
  const res = await ctx.call('calc', who.confirmedAt ? 'paid' : 'unpaid', 'POST', calcContract.economics.path, {
    cookie: who.cookie,
    ip: who.ip,
    body: { params: CALCULATOR_DEFAULTS, walletAddress: who.wallet },
    expect,
  });
  res.call.wallet = who.wallet;
  res.call.denied = Boolean(who.confirmedAt) && res.status === 403;
  res.call.leaked = !who.confirmedAt && res.status === 200;
  return res;
}
