import { upstreamGate, type Release } from './upstream-gate';

/** The release of a slot the gate gave; no slot fails the test by saying so. */
function given(release: Release | undefined): Release {
  if (!release) throw new Error('the gate gave no slot');
  return release;
}

describe('upstream gate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when slots are free, then a caller gets one at once', async () => {
    const gate = upstreamGate(2, 100);
    expect(await gate.acquire()).toEqual(expect.any(Function));
    expect(await gate.acquire()).toEqual(expect.any(Function));
    expect(gate.active).toBe(2);
  });

  it('when a slot is free, then tryTake gives it at once; when none is, it gives none and queues nothing', () => {
    const gate = upstreamGate(1, 100);
    const release = given(gate.tryTake());
    expect(gate.tryTake()).toBeUndefined();
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
    release();
    expect(gate.active).toBe(0);
  });

  it('when every slot stays busy past the wait, then the caller gets none instead of waiting forever', async () => {
    const gate = upstreamGate(1, 100);
    await gate.acquire();
    const waiting = gate.acquire();
    expect(gate.waiting).toBe(1);
    jest.advanceTimersByTime(100);
    expect(await waiting).toBeUndefined();
    expect(gate.waiting).toBe(0);
  });

  it('when a slot frees within the wait, then the longest waiter gets it before a newcomer', async () => {
    const gate = upstreamGate(1, 100);
    const release = given(await gate.acquire());
    const first = gate.acquire();
    const second = gate.acquire();
    release();
    expect(await first).toEqual(expect.any(Function));
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(1);
    jest.advanceTimersByTime(100);
    expect(await second).toBeUndefined();
  });

  it('when a release is called twice, then it frees one slot only', async () => {
    const gate = upstreamGate(2, 100);
    const release = given(await gate.acquire());
    await gate.acquire();
    release();
    release();
    expect(gate.active).toBe(1);
  });

  it('when the caller gives up while waiting, then it leaves the queue and takes no slot', async () => {
    const gate = upstreamGate(1, 1_000);
    const release = given(await gate.acquire());
    const cancel = new AbortController();
    const waiting = gate.acquire(cancel.signal);
    cancel.abort();
    expect(await waiting).toBeUndefined();
    release();
    expect(gate.active).toBe(0);
  });
});
