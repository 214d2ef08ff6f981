// `npm start`: installs what is missing, builds the SPA and brings the whole product up.
import { buildWeb, ensureNodeModules, log } from './lib/deps.mjs';

ensureNodeModules();
buildWeb();
const { startStack } = await import('./lib/stack.mjs');
let stack;
try {
  stack = await startStack();
} catch (err) {
  console.error(`\nCould not start the product: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
log(`the product is up: open ${stack.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await stack.stop();
    process.exit(0);
  });
}
for (const child of stack.children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`a process exited unexpectedly (code ${code}); the rest keep running`);
  });
}
