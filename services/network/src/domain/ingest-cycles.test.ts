import { ingestCycles } from './ingest-cycles';
import type { ArchiverEndpoint, ArchiverPort, CycleRecord } from './ports';
import { memoryHistory } from './testing/memory-stores';

const from: ArchiverEndpoint = { url: 'http://a', publicKey: 'aa'.repeat(32) };
const cycle = (counter: number): CycleRecord => ({
  counter, start: counter * 60, duration: 60, active: 1, standby: 1, joined: [], activated: [], leftIds: [], removedIds: [], apoptosizedIds: [], lostIds: [], refutedIds: [], standbyAdded: [], standbyRemoved: [],
});
const range = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => cycle(start + i));
const unused = async (): Promise<never> => {
  throw new Error('not used');
};

function archiverRecordingRanges() {
  const ranges: [number, number][] = [];
  const archiver: ArchiverPort = {
    archivers: unused, latestCycles: unused, activeNodes: unused, standbyNodes: unused, syncingNodes: unused, networkAccount: unused,
    cycleRange: async (_a, start, end) => {
      ranges.push([start, end]);
      return range(start, end);
    },
  };
  return { archiver, ranges };
}
const none = async () => 0;

describe('ingestCycles', () => {
  it('when the window is shorter than wanted, then it reads back 100 cycles at a time within the poll budget and keeps the progress', async () => {
    const { archiver, ranges } = archiverRecordingRanges();
    const store = memoryHistory();
    const deps = { archiver, store, rangesPerPoll: 2, windowCycles: 450, backfillMax: 1000 };
    expect(await ingestCycles(deps, from, range(901, 1000), none)).toEqual({ oldest: 701, newest: 1000 });
    expect(ranges).toEqual([[801, 900], [701, 800]]);
    // The next poll goes on where this one stopped: 601–700, 501–600 (span 499 ≥ 450, done).
    expect(await ingestCycles(deps, from, range(1001, 1005), none)).toEqual({ oldest: 501, newest: 1005 });
    expect(ranges.slice(2)).toEqual([[601, 700], [501, 600]]);
  });

  it('when the latest cycles do not join the stored window (a long outage), then the window starts again at them and reads back over the gap', async () => {
    const { archiver, ranges } = archiverRecordingRanges();
    const store = memoryHistory();
    await store.setWindow({ oldest: 0, newest: 100 });
    const deps = { archiver, store, rangesPerPoll: 1, windowCycles: 1000, backfillMax: 1000 };
    expect(await ingestCycles(deps, from, range(5001, 5100), none)).toEqual({ oldest: 4901, newest: 5100 });
    expect(ranges).toEqual([[4901, 5000]]);
  });

  it('when the window is long enough but flags are still unknown, then it reads on up to backfillMax', async () => {
    const { archiver, ranges } = archiverRecordingRanges();
    const deps = { archiver, store: memoryHistory(), rangesPerPoll: 10, windowCycles: 10, backfillMax: 250 };
    await ingestCycles(deps, from, range(1000, 1000), async () => 3);
    // Spans after each read: 100, 200, 300 (≥ 250 stops it).
    expect(ranges).toEqual([[900, 999], [800, 899], [700, 799]]);
  });

  it('when the archiver has nothing older, then the window reaches back to genesis and no further read is made', async () => {
    const ranges: [number, number][] = [];
    const archiver = { ...archiverRecordingRanges().archiver, cycleRange: async (_a: ArchiverEndpoint, start: number, end: number) => {
        ranges.push([start, end]);
        return [];
      },
    };
    const deps = { archiver, store: memoryHistory(), rangesPerPoll: 10, windowCycles: 10_000, backfillMax: 10_000 };
    expect(await ingestCycles(deps, from, range(500, 500), none)).toEqual({ oldest: 0, newest: 500 });
    expect(ranges).toEqual([[400, 499]]);
  });

  it('when cycles leave the rotation window, then they are pruned from the store', async () => {
    const { archiver } = archiverRecordingRanges();
    const store = memoryHistory();
    await ingestCycles({ archiver, store, rangesPerPoll: 0, windowCycles: 10, backfillMax: 0 }, from, range(1, 30), none);
    expect([...store.cycles.keys()].sort((a, b) => a - b)).toEqual(range(20, 30).map((c) => c.counter));
  });
});
