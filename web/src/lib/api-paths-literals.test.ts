import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');

/** Tests spell the URL they expect by hand on purpose, so they are not scanned; every other file is. */
const NOT_SCANNED = [/\.test\.tsx?$/];

/** Page paths and a link a person follows, not calls: the API docs page's routes and canonical path, and its OpenAPI link. */
const ALLOWED = new Set([
  "app/routes.tsx '/api/docs'",
  "app/routes.tsx '/api'",
  'features/api-docs/components/overview.tsx "/api/openapi.json"',
]);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : [];
  });

describe('the SPA builds its API calls from the route objects', () => {
  it('when web/src is scanned, then no file spells an /api path as a string literal outside the allowed pages', () => {
    const found = files(SRC)
      .filter((file) => !NOT_SCANNED.some((rule) => rule.test(file)))
      .flatMap((file) => [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/(['"`])\/api(?:\/[^'"`]*)?\1/g)].map((m) => `${file} ${m[0]}`))
      .filter((hit) => !ALLOWED.has(hit));
    expect(found).toEqual([]);
  });

  it('when a file calls an /api path in a string, then the scan sees it (the check can fail)', () => {
    const sample = "await apiRequest('/api/shm-price'); fetch(`/api/session/${id}`); link('/apiary')";
    expect([...sample.matchAll(/(['"`])\/api(?:\/[^'"`]*)?\1/g)].map((m) => m[0])).toEqual(["'/api/shm-price'", '`/api/session/${id}`']);
  });
});
