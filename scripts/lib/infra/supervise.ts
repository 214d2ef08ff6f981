// What every infrastructure part does once its process is spawned: wait until it answers, then
// hand back its URL and a stop function.
import type { ChildProcess } from 'node:child_process';

/** A running part: where services reach it, how to stop it, and its process when this run started one. */
export interface PartHandle {
  url: string;
  child?: ChildProcess;
  stop: () => Promise<void>;
}

interface ReadyOptions {
  child: ChildProcess;
  name: string;
  url: string;
  isReady: () => Promise<boolean>;
  timeoutMs: number;
}

/** Resolves once `child` has exited (at once when it already has), asking it to with SIGTERM. */
export function terminate(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls `isReady()` until true; fails early if the process exits, or after `timeoutMs`. */
export async function readyHandle({ child, name, url, isReady, timeoutMs }: ReadyOptions): Promise<PartHandle & { child: ChildProcess }> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady())) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, stop: () => terminate(child) };
}
