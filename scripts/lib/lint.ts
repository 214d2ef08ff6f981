// The `lint` tier: ESLint over the repository with its flat config (eslint.config.*), 0 warnings
// allowed. The run counts as one test in the summary (not one per file, which made the total say more
// than it is): it passes with no message at all, and fails with any error or warning, each printed
// under its file.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './deps';

const CLI = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');
const CONFIGS = ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `eslint.config.${ext}`);

/** One file of ESLint's `--format json` report (the fields this tier reads). */
interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; severity: 1 | 2; message: string; line?: number; column?: number }[];
}

export function lintRepository(): { passed: number; failed: number } {
  if (!CONFIGS.some((name) => existsSync(path.join(ROOT, name)))) {
    console.log(`  ✗ no ESLint config: the lint tier needs one of ${CONFIGS.join(', ')} at the repository root`);
    return { passed: 0, failed: 1 };
  }
  const run = spawnSync(process.execPath, [CLI, '.', '--max-warnings', '0', '--format', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let results: LintResult[];
  try {
    results = JSON.parse(run.stdout) as LintResult[];
  } catch {
    console.log(`  ✗ ESLint did not run (exit ${run.status}): ${(run.stderr || run.stdout).trim()}`);
    return { passed: 0, failed: 1 };
  }
  const flagged = results.filter((result) => result.messages.length > 0);
  for (const result of flagged) {
    console.log(`  ✗ ${path.relative(ROOT, result.filePath)}`);
    for (const message of result.messages) {
      const where = message.line === undefined ? '' : `${message.line}:${message.column ?? 0}  `;
      const kind = message.severity === 2 ? 'error' : 'warning';
      console.log(`      ${where}${kind}  ${message.message}${message.ruleId ? `  (${message.ruleId})` : ''}`);
    }
  }
  if (results.length === 0) {
    console.log('  ✗ ESLint linted no file');
    return { passed: 0, failed: 1 };
  }
  const count = flagged.reduce((sum, result) => sum + result.messages.length, 0);
  if (count === 0) {
    console.log(`  ✓ ESLint: ${results.length} files, no message`);
    return { passed: 1, failed: 0 };
  }
  console.log(`  ✗ ESLint: ${count} message(s) in ${flagged.length} of ${results.length} files`);
  return { passed: 0, failed: 1 };
}
