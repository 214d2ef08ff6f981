// `node scripts/run.mjs <name> [args]` runs scripts/<name>.ts with tsx, as the services run. Plain
// JavaScript because a fresh clone has no tsx yet: it installs the dependencies first (`npm ci` from
// the lock; scripts/lib/deps.ts keeps them current after that).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  const command = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  const install = spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const [name, ...args] = process.argv.slice(2);
const script = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${name}.ts`), ...args], { stdio: 'inherit' });
// Ctrl-C reaches the script from the terminal itself; a SIGTERM sent to this process is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => script.kill('SIGTERM'));
script.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
