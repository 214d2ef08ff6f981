// What `measure` (lighthouse-run.ts) needs around Lighthouse: an up-to-date SPA build, and a headless
// Chromium with a DevTools port.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, buildWeb, ensureDebianPackage, log } from './deps';

/** The newest modification time under `dir` (files only; node_modules and dist left out). */
function newestIn(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestIn(path.join(dir, entry)));
  }
  return newest;
}

/** Builds the SPA unless web/dist is newer than everything it is built from. */
export function ensureWebBuilt(): void {
  const built = path.join(ROOT, 'web/dist/index.html');
  const sources = ['web/src', 'web/build', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'packages/contracts/src'];
  const newestSource = Math.max(...sources.map((source) => newestIn(path.join(ROOT, source))));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) {
    log('the web build is up to date');
    return;
  }
  buildWeb();
}

/** Debian's chromium unless CHROMIUM_PATH names another; installed when missing. */
export function ensureChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  ensureDebianPackage('/usr/bin/chromium', 'chromium');
  return '/usr/bin/chromium';
}

/** Headless Chromium with a DevTools port for Lighthouse, in a process group of its own (the Debian wrapper forks). */
export async function launchChromium(executable: string): Promise<{ port: number; stop: () => void }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium gave no DevTools port within 30 s:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (code ${code}) before it listened:\n${output}`));
    });
  }).catch((err: unknown) => {
    stop();
    throw err;
  });
  child.stderr.resume();
  return { port, stop };
}
