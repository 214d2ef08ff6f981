// Installs what the project needs before anything runs, so `npm start` and `npm test` work on a fresh clone.
import { type ExecFileSyncOptions, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function log(message: string): void {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/**
 * Installs exactly what package-lock.json lists (`npm ci`) when node_modules is missing or older than
 * the lock, so a fresh clone runs what was tested and the lock is never rewritten; `npm install` only
 * where there is no lock yet. The lock is kept in step with the package.json files by the `deps` tier
 * (lock-sync.ts).
 */
export function ensureNodeModules(): void {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  const command = existsSync(lock) ? 'ci' : 'install';
  log(`installing npm dependencies (npm ${command})`);
  run('npm', [command, '--no-audit', '--no-fund'], { cwd: ROOT });
}

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package when its binary is missing (these machines run as root with apt). */
export function ensureDebianPackage(binary: string, pkg: string): void {
  ensureDebianPackages([[binary, pkg]]);
}

/** Installs, with one apt run, each `[binary, package]` whose binary is missing; returns the packages installed. */
export function ensureDebianPackages(wanted: (readonly [string, string])[]): string[] {
  const missing = wanted.filter(([binary]) => !commandExists(binary) && !existsSync(binary)).map(([, pkg]) => pkg);
  if (!missing.length) return [];
  log(`installing ${missing.join(', ')} from Debian's packages`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args: string[]): void =>
    process.getuid?.() === 0 ? run('apt-get', args, { env: aptEnv }) : run('sudo', ['apt-get', ...args], { env: aptEnv });
  apt('update', '-qq');
  apt('install', '-y', '-qq', ...missing);
  return missing;
}

export function run(command: string, args: string[], options: ExecFileSyncOptions = {}): void {
  execFileSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
}

export function buildWeb(): void {
  log('building the web app');
  run('npm', ['run', 'build', '-w', 'web', '--silent']);
}
