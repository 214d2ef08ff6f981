import { parseEther } from 'ethers';
import { checkPayment, type PaymentTerms } from './payment-rules';
import type { ChainObservation } from './ports';

const WALLET = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CREATED_MS = 1_700_000_000_000;

const terms: PaymentTerms = {
  chainId: 8118,
  amountShm: '0.1',
  recipient: RECIPIENT,
  wallet: WALLET,
  amountWei: parseEther('0.1'),
  minConfirmations: 1,
  notBeforeMs: CREATED_MS,
};

const paid = (changes: Partial<ChainObservation> = {}, tx: Partial<NonNullable<ChainObservation['tx']>> = {}): ChainObservation => ({
  rpcChainId: 8118n,
  tx: { hash: '0x01', from: WALLET.toUpperCase().replace('0X', '0x'), to: RECIPIENT, valueWei: parseEther('0.1'), chainId: 8118n, blockNumber: 10, ...tx },
  receipt: { status: 1, blockNumber: 10 },
  latestBlock: 10,
  blockTimestamp: CREATED_MS / 1000 + 5,
  ...changes,
});

const reasonOf = (o: ChainObservation, t = terms) => checkPayment(o, t)?.reason ?? 'OK';
/** The problem the test expects checkPayment to find. */
const problemOf = (observation: ChainObservation, withTerms: PaymentTerms) => {
  const problem = checkPayment(observation, withTerms);
  if (!problem) throw new Error('checkPayment found nothing wrong');
  return problem;
};

describe('checkPayment', () => {
  it('when the transaction matches the intent, then it pays (addresses compared case-insensitively)', () => {
    expect(reasonOf(paid())).toBe('OK');
    expect(reasonOf(paid({}, { valueWei: parseEther('0.5') }))).toBe('OK');
  });

  it('when the transaction is not known yet or not mined, then the problem is transient', () => {
    const notFound = problemOf(paid({ tx: null, receipt: null }), terms);
    expect(notFound).toMatchObject({ reason: 'TX_NOT_FOUND', retryable: true });
    expect(notFound.message).toMatch(/not found/);
    const pending = problemOf(paid({ receipt: null }, { blockNumber: null }), terms);
    expect(pending).toMatchObject({ reason: 'TX_PENDING', retryable: true });
    expect(pending.message).toMatch(/being processed/);
  });

  it('when fewer blocks than required confirm it, then it is still pending', () => {
    expect(reasonOf(paid({ latestBlock: 10 }), { ...terms, minConfirmations: 2 })).toBe('TX_PENDING');
    expect(reasonOf(paid({ latestBlock: 11 }), { ...terms, minConfirmations: 2 })).toBe('OK');
  });

  it('when the value is one wei short, then it is refused as too low, comparing wei exactly', () => {
    const short = problemOf(paid({}, { valueWei: parseEther('0.1') - 1n }), terms);
    expect(short).toMatchObject({ reason: 'AMOUNT_TOO_LOW', retryable: false });
    expect(checkPayment(paid({}, { valueWei: parseEther('0.09') }), terms)?.message).toBe('Transaction sent 0.09 SHM; the payment is 0.1 SHM');
  });

  it('when anything about the transaction is wrong, then each is refused with its own final reason', () => {
    expect(reasonOf(paid({ rpcChainId: 8083n }))).toBe('WRONG_CHAIN');
    expect(reasonOf(paid({}, { chainId: 8083n }))).toBe('WRONG_CHAIN');
    expect(reasonOf(paid({}, { chainId: null }))).toBe('WRONG_CHAIN');
    expect(reasonOf(paid({}, { from: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }))).toBe('WRONG_SENDER');
    expect(reasonOf(paid({}, { to: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }))).toBe('WRONG_RECIPIENT');
    expect(reasonOf(paid({}, { to: null }))).toBe('WRONG_RECIPIENT');
    expect(reasonOf(paid({ receipt: { status: 0, blockNumber: 10 } }))).toBe('TX_REVERTED');
    expect(checkPayment(paid({ receipt: { status: 0, blockNumber: 10 } }), terms)?.retryable).toBe(false);
  });

  it('when the block is older than the intent, then it is refused; within the same second it counts', () => {
    expect(reasonOf(paid({ blockTimestamp: CREATED_MS / 1000 - 1 }))).toBe('TX_BEFORE_INTENT');
    expect(reasonOf(paid({ blockTimestamp: Math.floor((CREATED_MS + 400) / 1000) }), { ...terms, notBeforeMs: CREATED_MS + 400 })).toBe('OK');
  });
});

describe('checkPayment on answers an RPC gives while it is behind or inconsistent', () => {
  it('when the block of the receipt comes back without a timestamp, then the payment waits (retryable) rather than being accepted or refused', () => {
    const waiting = problemOf(paid({ blockTimestamp: null }), terms);
    expect(waiting).toMatchObject({ reason: 'TX_PENDING', retryable: true });
    expect(waiting.message).toMatch(/being processed/);
  });

  it("when the RPC's latest block is behind the receipt's block, then it is still pending, whatever confirmations are asked", () => {
    expect(checkPayment(paid({ latestBlock: 9 }), terms)).toMatchObject({ reason: 'TX_PENDING', retryable: true });
    expect(reasonOf(paid({ latestBlock: 2 }), { ...terms, minConfirmations: 1 })).toBe('TX_PENDING');
    expect(reasonOf(paid({ latestBlock: 9 }), { ...terms, minConfirmations: 3 })).toBe('TX_PENDING');
  });

  it('when the transaction and its receipt name different blocks, then it waits for one consistent answer (a reorg or two RPC nodes apart)', () => {
    // Both far enough below the head to be confirmed either way: only the disagreement holds it back.
    const apart = problemOf(paid({ latestBlock: 30, receipt: { status: 1, blockNumber: 11 } }, { blockNumber: 10 }), terms);
    expect(apart).toMatchObject({ reason: 'TX_PENDING', retryable: true });
    expect(reasonOf(paid({ latestBlock: 30, receipt: { status: 1, blockNumber: 10 } }, { blockNumber: 11 }))).toBe('TX_PENDING');
    expect(reasonOf(paid({ latestBlock: 30, receipt: { status: 1, blockNumber: 11 } }, { blockNumber: 11 }))).toBe('OK');
  });
});

describe('the clock-skew boundary (PAYMENT_CLOCK_SKEW_S = 60)', () => {
  const SKEW_MS = 60_000;
  const createdSecond = CREATED_MS / 1000;

  it('when the intent starts on a whole second, then a block exactly 60 s older counts and one 61 s older is refused', () => {
    const skewed = { ...terms, notBeforeMs: CREATED_MS - SKEW_MS };
    expect(reasonOf(paid({ blockTimestamp: createdSecond - 60 }), skewed)).toBe('OK');
    const beyond = problemOf(paid({ blockTimestamp: createdSecond - 61 }), skewed);
    expect(beyond).toMatchObject({ reason: 'TX_BEFORE_INTENT', retryable: false });
  });

  it('when the intent starts late in a second, then the block second that still reaches within 60 s counts and the one before is refused', () => {
    // Created at …000.999: the block second −60 spans [−60.000, −59.000) s before the whole second,
    // so part of it lies within 60 s of creation; every moment of second −61 lies 60.001 s or more before it.
    const skewed = { ...terms, notBeforeMs: CREATED_MS + 999 - SKEW_MS };
    expect(reasonOf(paid({ blockTimestamp: createdSecond - 60 }), skewed)).toBe('OK');
    expect(reasonOf(paid({ blockTimestamp: createdSecond - 61 }), skewed)).toBe('TX_BEFORE_INTENT');
  });

  it('when there is no skew allowed, then a block of the second before the intent is refused and one of its own second counts', () => {
    const strict = { ...terms, notBeforeMs: CREATED_MS };
    expect(reasonOf(paid({ blockTimestamp: createdSecond - 1 }), strict)).toBe('TX_BEFORE_INTENT');
    expect(reasonOf(paid({ blockTimestamp: createdSecond }), strict)).toBe('OK');
  });
});
