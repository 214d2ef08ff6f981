import type { IncomingMessage } from 'node:http';
import { bestCoding, type Coding } from './static-files';

const asking = (acceptEncoding?: string): Pick<IncomingMessage, 'headers'> => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('bestCoding: the form a file goes out in (br over gzip over identity when the browser likes them equally)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['identity', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP;q=0.5', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip, identity;q=0', 'gzip'],
    ['deflate', 'identity'],
    // Nothing acceptable at all: the file as it is, rather than no answer.
    ['identity;q=0', 'identity'],
  ])('Accept-Encoding %p → %p', (header, expected) => {
    expect(bestCoding(asking(header))).toBe(expected);
  });

  it.each([
    [['gzip'], 'gzip, deflate, br', 'gzip'],
    [[], 'gzip, deflate, br', 'identity'],
    [['br'], 'gzip', 'identity'],
  ] as [Coding[], string, Coding][])('when the build has only %p and the browser takes %p, then %p', (available, header, expected) => {
    expect(bestCoding(asking(header), available)).toBe(expected);
  });
});
