import type { NetworkData, NetworkRefreshReply } from '@shm/contracts';
import { officialEstimate } from './official-estimate';
import { refreshNetwork } from './refresh-network';
import type { NextRefreshPoll, RefreshPolls, RefreshSchedule } from './refresh-ports';
import { memorySnapshots } from './testing/memory-stores';

const SPACING = 10_000;
const WAIT = 8_000;
const AT = '2025-01-01T00:00:00.000Z';
const snapshot = (standbyNodes: number): NetworkData => ({ ...officialEstimate(new Date(AT)), lastUpdated: AT, standbyNodes });

/**
 * The schedule and the queue as one shared place, in memory, on a clock the test moves: a poll is
 * queued, started and finished by hand (the worker), and a wait that outlasts the time left ends
 * when the test says so.
 */
function refreshWorld() {
  let clock = 0;
  let named: { id: string; due: number } | undefined;
  let lastDue: number | undefined;
  let ids = 0;
  const jobs = new Map<string, { delayMs: number; state: 'waiting' | 'started' | 'done'; data?: NetworkData; waiters: ((data?: NetworkData) => void)[] }>();
  const jobOf = (id: string) => {
    const job = jobs.get(id);
    if (!job) throw new Error(`No poll ${id} was queued`);
    return job;
  };
  const schedule: RefreshSchedule = {
    async next(spacingMs, withinMs): Promise<NextRefreshPoll | null> {
      if (named) return { id: named.id, delayMs: Math.max(0, named.due - clock), opened: false };
      const due = lastDue === undefined ? clock : Math.max(clock, lastDue + spacingMs);
      if (due - clock >= withinMs) return null;
      named = { id: `poll-${++ids}`, due };
      lastDue = due;
      return { id: named.id, delayMs: due - clock, opened: true };
    },
    async started(id) {
      if (named?.id === id) named = undefined;
    },
  };
  const polls: RefreshPolls = {
    async queue(id, delayMs) {
      if (!jobs.has(id)) jobs.set(id, { delayMs, state: 'waiting', waiters: [] });
      return jobOf(id).state === 'waiting';
    },
    result: (id) =>
      new Promise((resolve) => {
        const job = jobOf(id);
        if (job.state === 'done') resolve(job.data);
        else job.waiters.push(resolve);
      }),
  };
  const stored = memorySnapshots(snapshot(412));
  return {
    deps: { schedule: schedule, polls: polls, snapshots: stored, debounceMs: SPACING, waitMs: WAIT, now: () => clock },
    jobs,
    advance: (ms: number) => void (clock += ms),
    start: (id: string) => void (jobOf(id).state = 'started'),
    finish(id: string, data: NetworkData) {
      const job = jobOf(id);
      Object.assign(job, { state: 'done', data });
      for (const wake of job.waiters.splice(0)) wake(data);
    },
    /** The wait of every caller still waiting runs out. */
    timeOut: () => jobs.forEach((job) => job.waiters.splice(0).forEach((wake) => wake(undefined))),
  };
}
/** Lets every pending call take its next step (the fakes answer at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('refreshNetwork', () => {
  it('when refreshes arrive while their poll has not started, then they share that one poll and all answer with its snapshot', async () => {
    const w = refreshWorld();
    const replies = Promise.all([refreshNetwork(w.deps), refreshNetwork(w.deps), refreshNetwork(w.deps)]);
    await settle();
    expect([...w.jobs.keys()]).toEqual(['poll-1']);

    w.start('poll-1');
    w.finish('poll-1', snapshot(500));
    expect(await replies).toEqual(Array.from({ length: 3 }, () => ({ refreshed: true, data: snapshot(500) })));
  });

  it('when a refresh arrives while the last poll is running, then it does not take that poll\'s figures but waits for the next, due a window after the last', async () => {
    const w = refreshWorld();
    const first = refreshNetwork(w.deps);
    await settle();
    w.start('poll-1'); // it reads the network as it was: standby 412
    w.advance(3_000);

    const later = refreshNetwork(w.deps);
    await settle();
    // 10 s after the first was due, so 7 s from now: within the 8 s wait.
    expect(w.jobs.get('poll-2')).toMatchObject({ delayMs: 7_000, state: 'waiting' });
    w.finish('poll-1', snapshot(412));
    expect(await first).toEqual({ refreshed: true, data: snapshot(412) });

    w.start('poll-2');
    w.finish('poll-2', snapshot(500));
    expect(await later).toEqual({ refreshed: true, data: snapshot(500) });
  });

  it('when the next poll could not start before the wait ends, then the refresh answers at once: not refreshed, the current snapshot, nothing queued', async () => {
    const w = refreshWorld();
    void refreshNetwork(w.deps);
    await settle();
    w.start('poll-1');
    w.advance(1_000);

    // The next would be due 9 s from now, after the 8 s wait.
    expect(await refreshNetwork(w.deps)).toEqual({ refreshed: false, data: snapshot(412) });
    expect([...w.jobs.keys()]).toEqual(['poll-1']);
  });

  it('when its poll does not finish within the wait, then the refresh answers not refreshed with the current snapshot', async () => {
    const w = refreshWorld();
    const reply: Promise<NetworkRefreshReply> = refreshNetwork(w.deps);
    await settle();
    w.start('poll-1');
    w.timeOut();
    expect(await reply).toEqual({ refreshed: false, data: snapshot(412) });
  });
});
