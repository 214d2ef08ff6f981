import { createLogger } from '@shm/platform';
import { archiverDirectory } from './archiver-directory';
import type { ArchiverEndpoint, ArchiverPort, ArchiverSeed } from './ports';

const logger = createLogger('test', 'silent');
const endpoint = (n: number): ArchiverEndpoint => ({ url: `http://10.0.0.${n}:4000`, publicKey: String(n).repeat(64) });
const [one, two, three] = [endpoint(1), endpoint(2), endpoint(3)];
const unused = async (): Promise<never> => {
  throw new Error('not used');
};
const port = (archivers: (seed: ArchiverSeed) => Promise<ArchiverEndpoint[]>): ArchiverPort => ({
  archivers,
  latestCycles: unused,
  cycleRange: unused,
  activeNodes: unused,
  standbyNodes: unused,
  syncingNodes: unused,
  networkAccount: unused,
});

describe('archiverDirectory', () => {
  it('when polled again and again, then each poll starts one archiver further along the list and the rest follow as fallbacks', async () => {
    const directory = archiverDirectory({ seeds: [{ url: one.url }], archiver: port(async () => [one, two, three]), discovery: true, refreshMs: 60_000, logger });
    const firsts = [];
    for (let i = 0; i < 4; i += 1) firsts.push((await directory.order()).map((a) => a.url.slice(-6, -5)));
    expect(firsts).toEqual([['1', '2', '3'], ['2', '3', '1'], ['3', '1', '2'], ['1', '2', '3']]);
  });

  it('when the first seed refuses (bad signature, down), then the next seed gives the list', async () => {
    const asked: string[] = [];
    const archiver = port(async (seed) => {
      asked.push(seed.url);
      if (seed.url === one.url) throw new Error('signature check failed');
      return [two, three];
    });
    const directory = archiverDirectory({ seeds: [{ url: one.url }, { url: two.url }], archiver, discovery: true, refreshMs: 60_000, logger });
    expect(await directory.order()).toEqual([two, three]);
    expect(asked).toEqual([one.url, two.url]);
  });

  it('when the list is older than refreshMs and no seed answers now, then the last list is kept', async () => {
    let clock = 0;
    let up = true;
    const archiver = port(async () => {
      if (!up) throw new Error('down');
      return [one, two];
    });
    const directory = archiverDirectory({ seeds: [{ url: one.url }], archiver, discovery: true, refreshMs: 1000, logger, now: () => clock });
    await directory.order();
    up = false;
    clock = 5000;
    expect((await directory.order()).length).toBe(2);
  });

  it('when discovery is off, then only the seeds themselves are asked, with the keys the list names', async () => {
    const directory = archiverDirectory({ seeds: [{ url: `${two.url}/` }], archiver: port(async () => [one, two, three]), discovery: false, refreshMs: 60_000, logger });
    expect(await directory.order()).toEqual([two]);
  });

  it('when no unpinned seed ever answers, then there is no archiver to ask (the fallbacks take over)', async () => {
    const directory = archiverDirectory({ seeds: [{ url: one.url }], archiver: port(unused), discovery: true, refreshMs: 60_000, logger });
    expect(await directory.order()).toEqual([]);
  });

  it('when no seed serves an archiver list, then the pinned seeds themselves are asked (their key is known), the unpinned ones are not', async () => {
    const seeds: ArchiverSeed[] = [one, { url: two.url }, three];
    const directory = archiverDirectory({ seeds, archiver: port(unused), discovery: true, refreshMs: 60_000, logger });
    expect(await directory.order()).toEqual([one, three]);
  });
});
