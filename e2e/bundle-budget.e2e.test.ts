import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { INITIAL_BUDGET_BYTES, initialAssets } from '../web/build/initial-assets';

// The e2e tier builds the web first (scripts/test.ts), so web/dist is the build under test.
const DIST = path.resolve(__dirname, '../web/dist');

/** What the server sends for `file` to a browser that takes brotli: the build's .br, else the file compressed now. */
function servedBrotliBytes(file: string): number {
  const full = path.join(DIST, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length;
  const data = readFileSync(full);
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

describe('the first page stays light: its initial JavaScript and CSS, brotli as served', () => {
  it(`when / is built, then what index.html loads at once weighs at most ${INITIAL_BUDGET_BYTES / 1000} kB with brotli`, () => {
    const indexHtml = path.join(DIST, 'index.html');
    if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: build the web first (npm run build -w web)`);
    const files = initialAssets(readFileSync(indexHtml, 'utf8')).filter((url) => /\.(?:js|css)$/.test(url));
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((url) => ({ url, bytes: servedBrotliBytes(url.replace(/^\//, '')) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const table = [...sizes, { url: 'total', bytes: total }]
      .map(({ url, bytes }) => `  ${url.padEnd(52)} ${(bytes / 1000).toFixed(1).padStart(7)} kB`)
      .join('\n');
    if (total > INITIAL_BUDGET_BYTES) {
      throw new Error(
        `The initial JavaScript + CSS of / is ${(total / 1000).toFixed(1)} kB brotli, over the ${INITIAL_BUDGET_BYTES / 1000} kB budget:\n${table}\n` +
          'See what it is made of with `npm run analyze -w web`; load what the first page does not need with a dynamic import.',
      );
    }
  });
});
