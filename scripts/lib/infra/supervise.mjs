// What every infrastructure part does once its process is spawned: wait until it answers, then
// hand back its URL and a stop function.

/** Polls `isReady()` until true; fails early if the process exits, or after `timeoutMs`. */
export async function readyHandle({ child, name, url, isReady, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady())) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
