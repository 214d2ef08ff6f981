// The import rules of .dependency-cruiser.cjs, as `npm test`'s `deps` tier: each rule is two tests, one
// that the code base has no violation of it and one that the fixture (a tree breaking every rule once)
// does, so a rule whose pattern could never match fails here instead of passing silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './deps';

const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const FIXTURE = path.join(ROOT, 'scripts/lib/import-rules/fixture');
/** Every tree with code in it (the fixture is excluded by the config). */
const TREES = ['services', 'packages', 'web/src', 'web/server', 'integration', 'e2e', 'bench', 'scripts', 'infra'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: (string | { name: string })[];
}

function cruise(cwd: string, trees: string[]): Violation[] {
  const run = spawnSync(process.execPath, [CLI, ...trees.filter((tree) => existsSync(path.join(cwd, tree))), '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

function byRule(violations: Violation[]): Map<string, Violation[]> {
  const map = new Map<string, Violation[]>();
  for (const v of violations) map.set(v.rule.name, [...(map.get(v.rule.name) ?? []), v]);
  return map;
}

const describe = (v: Violation): string =>
  v.cycle ? [v.from, ...v.cycle.map((step) => (typeof step === 'string' ? step : step.name))].join(' → ') : `${v.from} → ${v.to}`;

export function checkImportRules(): { passed: number; failed: number } {
  // The config is CommonJS (dependency-cruiser's format).
  const config = createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string }[] };
  const rules = config.forbidden.map((rule) => rule.name);
  const found = byRule(cruise(ROOT, TREES));
  const control = byRule(cruise(FIXTURE, ['services', 'web', 'packages', 'bench']));
  const totals = { passed: 0, failed: 0 };
  for (const rule of rules) {
    const broken = found.get(rule) ?? [];
    if (broken.length === 0) {
      totals.passed += 1;
      console.log(`  ✓ ${rule}`);
    } else {
      totals.failed += 1;
      console.log(`  ✗ ${rule}: ${broken.length} violation(s)`);
      for (const v of broken) console.log(`      ${describe(v)}`);
    }
    if ((control.get(rule) ?? []).length > 0) {
      totals.passed += 1;
      console.log(`  ✓ ${rule} reports the fixture's violation`);
    } else {
      totals.failed += 1;
      console.log(`  ✗ ${rule} reports nothing in the fixture that breaks it: its pattern cannot match`);
    }
  }
  return totals;
}
