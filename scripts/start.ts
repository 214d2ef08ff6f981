// `npm start`: installs what is missing, builds the SPA and brings the whole product up.
// START_PORT_OFFSET moves every port (the defaults + the offset), so a second copy can run beside one.
import { buildWeb, ensureNodeModules, log } from './lib/deps';

ensureNodeModules();
buildWeb();
const { startStack } = await import('./lib/stack');
const { DEFAULT_PORTS, offsetPorts } = await import('./lib/processes');
const offset = Number(process.env.START_PORT_OFFSET ?? 0);
let stack;
try {
  stack = await startStack({ ports: offset ? offsetPorts(offset) : DEFAULT_PORTS });
} catch (err) {
  console.error(`\nCould not start the product: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
log(`the product is up: open ${stack.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    void stack.stop().then(() => process.exit(0));
  });
}
for (const child of stack.children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`a process exited unexpectedly (code ${code}); the rest keep running`);
  });
}
