// Installs what the project needs before anything runs, so `npm start` and `npm test` work on a fresh clone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function log(message) {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/** `npm install` when node_modules is missing or older than the lock file (npm ci fails on these machines). */
export function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  log('installing npm dependencies');
  run('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT });
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package when its binary is missing (these machines run as root with apt). */
export function ensureDebianPackage(binary, pkg) {
  if (commandExists(binary) || existsSync(binary)) return;
  log(`installing ${pkg} from Debian's packages`);
  const apt = (...args) =>
    process.getuid?.() === 0 ? run('apt-get', args, { env: aptEnv }) : run('sudo', ['apt-get', ...args], { env: aptEnv });
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  apt('update', '-qq');
  apt('install', '-y', '-qq', pkg);
}

export function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
}

export function buildWeb() {
  log('building the web app');
  run('npm', ['run', 'build', '-w', 'web', '--silent']);
}
