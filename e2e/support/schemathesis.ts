import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Schemathesis, the OpenAPI fuzzer, from PyPI: pinned, so every machine runs the same checks. */
export const SCHEMATHESIS_VERSION = '4.32.5';
const ROOT = path.resolve(__dirname, '../..');
const VENV = path.join(ROOT, '.run', `schemathesis-${SCHEMATHESIS_VERSION}`);
/** Written once the install has finished: a venv cut off half-way is made again. */
const INSTALLED = path.join(VENV, 'installed');

/**
 * The `st` command of a virtual environment under .run/ (made the first time, about 30 s; reused
 * after). Needs python3 with its venv module (Debian: python3-venv).
 */
export function ensureSchemathesis(): string {
  const st = path.join(VENV, 'bin', 'st');
  if (existsSync(INSTALLED)) return st;
  rmSync(VENV, { recursive: true, force: true });
  mkdirSync(path.dirname(VENV), { recursive: true });
  try {
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`python3 -m venv failed (on Debian, apt-get install python3-venv): ${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
  execFileSync(path.join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], { stdio: 'pipe' });
  writeFileSync(INSTALLED, `schemathesis==${SCHEMATHESIS_VERSION}\n`);
  return st;
}

/** What one `st run` found, from its JSON and JUnit reports. */
export interface FuzzReport {
  /** Operations tested. */
  operations: number;
  /** Test cases generated (each one request, before any shrinking). */
  testCases: number;
  seconds: number;
  /** One line per failing operation: the check that failed and what it saw, as schemathesis words it. */
  failures: { operation: string; message: string }[];
  /** Errors that stopped an operation's tests (a schema it could not use, a network error). */
  errors: unknown[];
  /** Schemathesis's warnings that mean the requests did not reach the logic (all 401, all 429, …). */
  warnings: Record<string, string[]>;
}

/** The JUnit report's failing test cases: the operation and the message. */
function junitFailures(xml: string): FuzzReport['failures'] {
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  return [...xml.matchAll(/<testcase name="([^"]+)"[^>]*>\s*<(?:failure|error)[^>]*>([\s\S]*?)<\/(?:failure|error)>/g)].map(([, operation = '', message = '']) => ({
    operation: unescape(operation),
    message: unescape(message).trim(),
  }));
}

/**
 * Runs `st run <document>` with `args` and `env` (hooks, credentials), its reports written to
 * `reportDir`, from the folder above it: schemathesis keeps the failures it found there
 * (`.schemathesis/`) and replays them first on the next run. Resolves whatever its exit code: the
 * caller checks the report.
 */
export async function runSchemathesis(st: string, document: string, args: string[], env: Record<string, string>, reportDir: string): Promise<FuzzReport & { output: string }> {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const started = Date.now();
  const output = await new Promise<string>((resolve) => {
    execFile(
      st,
      ['--config-file', path.join(__dirname, 'schemathesis.toml'), 'run', document, ...args, '--report', 'json,junit', '--report-dir', reportDir, '--no-color'],
      { cwd: path.dirname(reportDir), env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (_err, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
  const file = (suffix: string) => {
    const name = readdirSync(reportDir).find((f) => f.endsWith(suffix));
    if (!name) throw new Error(`schemathesis wrote no ${suffix} report:\n${output.slice(-4000)}`);
    return readFileSync(path.join(reportDir, name), 'utf8');
  };
  const json = JSON.parse(file('.json')) as {
    operations: { tested: number };
    test_cases: { generated: number };
    errors: unknown[];
    warnings: Record<string, string[] | undefined>;
  };
  const warnings = Object.fromEntries(Object.entries(json.warnings).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0));
  return {
    operations: json.operations.tested,
    testCases: json.test_cases.generated,
    seconds: (Date.now() - started) / 1000,
    failures: junitFailures(file('.xml')),
    errors: json.errors,
    warnings,
    output,
  };
}
