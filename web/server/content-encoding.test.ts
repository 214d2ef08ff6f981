import { acceptedCodings } from './content-encoding';

describe('acceptedCodings: what a request takes, best first (br over gzip over identity when equal)', () => {
  it.each([
    [undefined, ['identity']],
    ['', ['identity']],
    ['gzip, deflate, br, zstd', ['br', 'gzip', 'identity']],
    ['gzip, deflate', ['gzip', 'identity']],
    ['br', ['br', 'identity']],
    ['identity', ['identity']],
    ['br;q=0, gzip', ['gzip', 'identity']],
    ['BR;Q=0, GZIP;q=0.5', ['gzip', 'identity']],
    ['gzip;q=1.0, br;q=0.5', ['gzip', 'br', 'identity']],
    ['*', ['br', 'gzip', 'identity']],
    ['*;q=0.5, br;q=0', ['gzip', 'identity']],
    ['gzip, identity;q=0', ['gzip']],
    ['br, *;q=0', ['br']],
    ['x-gzip', ['gzip', 'identity']],
    ['br;q=2, gzip;q=abc', ['identity']],
    ['deflate', ['identity']],
  ])('Accept-Encoding %p → %p', (header, expected) => {
    expect(acceptedCodings(header)).toEqual(expected);
  });
});
