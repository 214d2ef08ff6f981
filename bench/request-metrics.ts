// What recording one request's metrics costs, apart from everything else a request does (which
// `npm run bench` measures whole, too noisily on a shared machine to see a microsecond). Run with
// `npx tsx bench/request-metrics.ts`; prints nanoseconds per call of each step on the hot path.
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { apiRouteTemplate, createMetrics, routeLabel } from '@shm/platform';
import { calcContract, pathOf, paymentContract } from '@shm/contracts';
const economics = calcContract.economics.path;

const ROUNDS = 5;
const CALLS = 1_000_000;

function nsPerCall(name: string, step: (i: number) => unknown): void {
  for (let i = 0; i < 100_000; i++) step(i); // warm-up: JIT and caches
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) step(i);
    samples.push(Number(process.hrtime.bigint() - started) / CALLS);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(ROUNDS / 2)];
  if (median === undefined) throw new Error(`No timing was taken for ${name}`);
  console.log(`${name.padEnd(62)}${median.toFixed(0).padStart(6)} ns (median of ${ROUNDS} × ${CALLS.toLocaleString('en')})`);
}

const metrics = createMetrics('bench');
// Built before timing, so only the labelling is measured.
const sessionInfoPaths = Array.from({ length: 5000 }, (_, i) => pathOf(paymentContract.sessionInfo, { address: `0x${i.toString(16).padStart(40, '0')}` }));
const proxied = new IncomingMessage(new Socket()); // a request as the gateway receives it, with no route of its own

nsPerCall('observeRequest (histogram + counter, cached label set)', (i) => metrics.observeRequest('POST', economics, 200, i * 1e-9));
nsPerCall('routeLabel at the gateway, one path', () => routeLabel(proxied, economics, apiRouteTemplate));
nsPerCall('routeLabel at the gateway, 5000 wallets in turn', (i) =>
  routeLabel(proxied, sessionInfoPaths[i % sessionInfoPaths.length] ?? economics, apiRouteTemplate),
);
