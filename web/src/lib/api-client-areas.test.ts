import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : [];
  });

const AREA_IMPORT = /from '@shm\/contracts\/([\w-]+)'/g;
/** A route group (`calcContract`, …) imported from the package root, which would let any chunk pull any area in. */
const ROOT_GROUP_IMPORT = /import \{[^}]*\b\w+Contract\b[^}]*\} from '@shm\/contracts'/;

const sources = files(SRC).map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));

// Each area's routes come with one feature's chunk: the first page (the calculator, the flags) then
// carries no other area's schemas. Worked out from which feature calls which endpoints.
describe('each area of the contract is loaded by the feature that calls it', () => {
  it('when web/src is scanned, then each area is imported by the api/ folder of exactly the feature that calls it', () => {
    const importers = new Map<string, Set<string>>();
    for (const { file, text } of sources) {
      for (const [, area = ''] of text.matchAll(AREA_IMPORT)) {
        const where = /^features\/([\w-]+)\/api\//.exec(file)?.[1] ?? file;
        importers.set(area, new Set([...(importers.get(area) ?? []), where]));
      }
    }
    expect(Object.fromEntries([...importers].map(([area, by]) => [area, [...by].sort()]))).toEqual({
      admin: ['admin'],
      'api-docs': ['api-docs'],
      auth: ['payments'],
      // The dashboard re-prices saved scenarios after a network change with the calculator's own route (issue 35).
      calc: ['calculator', 'dashboard'],
      dashboard: ['dashboard'],
      flags: ['flags'],
      // The dashboard asks a linked node's money (GET …/nodes/:publicKey/money, issue 34).
      network: ['dashboard', 'network'],
      payments: ['payments'],
      price: ['calculator'],
    });
  });

  it('when web/src is scanned, then no file takes a route group from the package root', () => {
    expect(sources.filter(({ text }) => ROOT_GROUP_IMPORT.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('when a file takes a route group from the root, then the scan sees it (the check can fail)', () => {
    expect(ROOT_GROUP_IMPORT.test("import { ZERO_ADDRESS, calcContract } from '@shm/contracts';")).toBe(true);
    expect(ROOT_GROUP_IMPORT.test("import { calcContract } from '@shm/contracts/calc';")).toBe(false);
  });
});
