import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The repository's own config, run as `npx eslint` runs it (lint/lint-sources.mjs), on made-up files
// that import files which exist (the rule resolves an import to the file it names).
interface Finding {
  ruleId: string | null;
  message: string;
}

function lint(cases: { filePath: string; code: string }[]): Finding[][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-sources.mjs')], { input: JSON.stringify(cases), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`lint-sources.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Finding[][];
}

const crossFeature = { ruleId: 'boundaries/dependencies', message: expect.stringContaining('A feature imports no other feature') as unknown };
const sharedToFeature = { ruleId: 'boundaries/dependencies', message: expect.stringContaining('Shared code (web/src/lib, components, config) imports no feature') as unknown };

test('a feature importing another feature is reported, in every import form and from any depth', () => {
  const results = lint([
    { filePath: 'web/src/features/calculator/probe.ts', code: "import { TOASTS } from '../payments/texts';\nexport const texts = TOASTS;\n" },
    { filePath: 'web/src/features/calculator/components/probe.ts', code: "export type { PageVariant } from '../../payments/texts';\n" },
    { filePath: 'web/src/features/admin/probe.ts', code: "export const load = () => import('../network/components/format-count');\n" },
  ]);
  expect(results).toEqual([[crossFeature], [crossFeature], [crossFeature]]);
});

test('lib, components and config importing a feature are reported', () => {
  const results = lint([
    { filePath: 'web/src/lib/probe.ts', code: "export { TOASTS } from '../features/payments/texts';\n" },
    { filePath: 'web/src/components/probe/probe.ts', code: "export { TOASTS } from '../../features/payments/texts';\n" },
    { filePath: 'web/src/config/probe.ts', code: "export { TOASTS } from '../features/payments/texts';\n" },
  ]);
  expect(results).toEqual([[sharedToFeature], [sharedToFeature], [sharedToFeature]]);
});

test('a feature importing its own files or shared code, and app/ or an entry importing features, pass', () => {
  const results = lint([
    { filePath: 'web/src/features/payments/probe.ts', code: "export { TOASTS } from './texts';\n" },
    { filePath: 'web/src/features/payments/pay/probe.ts', code: "export { TOASTS } from '../texts';\nexport { formatNumber } from '../../../lib/format';\n" },
    { filePath: 'web/src/app/probe.ts', code: "export { TOASTS } from '../features/payments/texts';\n" },
    { filePath: 'web/src/probe.ts', code: "export { TOASTS } from './features/payments/texts';\n" },
  ]);
  expect(results).toEqual([[], [], [], []]);
});
