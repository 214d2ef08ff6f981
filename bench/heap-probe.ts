// Loaded into every process `npm run bench` starts (`node --expose-gc --import tsx --import bench/heap-probe.ts`).
// On SIGUSR2: a full garbage collection, then, once the freed pages are handed back, the process's
// memory as JSON in <BENCH_HEAP_DIR>/<pid>.json. RSS read at an arbitrary moment under load says
// where V8's old space is between two collections (it grows to a few times what is live, then drops);
// after a full collection it says what the process keeps, which is what a leak makes grow.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_HEAP_DIR;
const SETTLE_MS = 500;

const { gc } = globalThis;
if (dir && gc) {
  process.on('SIGUSR2', () => {
    gc();
    setTimeout(() => {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      const file = path.join(dir, `${process.pid}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal, external }));
      renameSync(`${file}.tmp`, file); // the reader never sees half a file
    }, SETTLE_MS);
  });
}
