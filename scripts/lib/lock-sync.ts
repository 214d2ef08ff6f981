// The `deps` tier's lock check: package-lock.json must describe exactly what the package.json files
// ask for, so `npm ci` on a fresh clone installs what was tested and `npm install` never rewrites it.
// Two tests: npm's own (`npm ci --dry-run`, which refuses a lock missing a package or holding one
// that no longer satisfies its range) and that the lock records each package.json's ranges as
// written (npm ci accepts a range the lock satisfies but no longer names; `npm install` would then
// rewrite the lock).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './deps';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

type Manifest = Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>>;
interface Lock {
  packages?: Record<string, Manifest>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Where a package.json's ranges differ from what the lock recorded for that folder. */
function rangeDifferences(lock: Lock): string[] {
  const problems: string[] = [];
  const folders = Object.keys(lock.packages ?? {}).filter((key) => !key.includes('node_modules'));
  for (const folder of folders) {
    const manifestFile = path.join(ROOT, folder, 'package.json');
    if (!existsSync(manifestFile)) {
      problems.push(`the lock lists ${folder || 'the root'}, which has no package.json`);
      continue;
    }
    const manifest = readJson<Manifest>(manifestFile);
    const locked = lock.packages?.[folder] ?? {};
    for (const field of DEPENDENCY_FIELDS) {
      const wanted = manifest[field] ?? {};
      const recorded = locked[field] ?? {};
      for (const name of new Set([...Object.keys(wanted), ...Object.keys(recorded)])) {
        if (wanted[name] !== recorded[name]) {
          problems.push(`${folder || '.'}/package.json ${field}.${name}: ${wanted[name] ?? 'absent'}, the lock has ${recorded[name] ?? 'absent'}`);
        }
      }
    }
  }
  return problems;
}

/** Runs both checks, prints one line per test (and what failed), and returns the counts. */
export function checkLockSync(): { passed: number; failed: number } {
  const lockFile = path.join(ROOT, 'package-lock.json');
  if (!existsSync(lockFile)) {
    console.log('  ✗ package-lock.json exists: run `npm install` and commit the lock');
    return { passed: 0, failed: 1 };
  }
  const totals = { passed: 0, failed: 0 };
  const report = (name: string, problems: string[]): void => {
    totals[problems.length ? 'failed' : 'passed'] += 1;
    console.log(`  ${problems.length ? '✗' : '✓'} ${name}`);
    for (const problem of problems) console.log(`      ${problem}`);
  };
  const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: ROOT, encoding: 'utf8' });
  // npm's reason, without the usage text it prints after it.
  const output = `${ci.stdout}${ci.stderr}`.split('\n');
  const usageAt = output.findIndex((line) => line.includes('Clean install a project'));
  const npmErrors = output.slice(0, usageAt < 0 ? undefined : usageAt).filter((line) => line.startsWith('npm error') && line.trim() !== 'npm error');
  report('package-lock.json installs with `npm ci` (every package there, every range satisfied)', ci.status === 0 ? [] : npmErrors.slice(0, 12));
  report('package-lock.json records every package.json range as written', rangeDifferences(readJson<Lock>(lockFile)));
  return totals;
}
