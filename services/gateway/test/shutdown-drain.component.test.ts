// SIGTERM under load, on a real gateway process: requests keep flowing on keep-alive connections
// (the way a web server or load balancer in front holds them) when the signal comes.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CALCULATOR_DEFAULTS, ZERO_ADDRESS } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { REDIS_URL } from './support/gateway';

// A gateway process starts (tsx) on a shared, busy 2-core machine.
jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const CLIENTS = 16;
const UPSTREAM_MS = 150;
const body = JSON.stringify({ params: CALCULATOR_DEFAULTS, walletAddress: ZERO_ADDRESS });

interface Outcome {
  start: number;
  end: number;
  /** The reply's status with its whole body read, or the client's error code. */
  status?: number;
  complete?: boolean;
  error?: string;
}

/** One request on `agent`'s keep-alive sockets; never rejects. */
function call(port: number, agent: http.Agent, method: string, route: string, payload?: string): Promise<Outcome> {
  const start = Date.now();
  return new Promise((resolve) => {
    const req = http.request({ port, agent, method, path: route, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let complete = false;
        try {
          complete = JSON.parse(text) !== undefined;
        } catch {
          // a cut reply
        }
        resolve({ start, end: Date.now(), status: res.statusCode, complete });
      });
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ start, end: Date.now(), error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ start, end: Date.now(), error: err.code ?? err.message }));
    req.end(payload);
  });
}

function startGatewayProcess(port: number, calcUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/gateway/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, GATEWAY_PORT: String(port), CALC_URL: calcUrl, REDIS_URL, REDIS_KEY_PREFIX: `test:${randomUUID()}:`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function untilReady(port: number, child: ChildProcess) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode} while starting`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error('the gateway was not ready in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('gateway SIGTERM under load', () => {
  let calc: RunningServer;
  let gateway: ChildProcess | undefined;
  beforeAll(async () => {
    // A calc that takes a while, so many requests are in flight at any moment.
    calc = await listen((req, res) => {
      req.resume();
      req.once('end', () => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":{"maxNodes":32}}'), UPSTREAM_MS));
    }, 0);
  });
  afterAll(async () => {
    if (gateway && gateway.exitCode === null) gateway.kill('SIGKILL');
    await calc.close();
  });

  it('when SIGTERM comes with requests in flight, then each one gets its whole reply, readyz answers 503 meanwhile, and the process exits 0', async () => {
    const port = await listen(() => undefined, 0).then(async (probe) => {
      await probe.close();
      return probe.port;
    });
    const child = startGatewayProcess(port, calc.url);
    gateway = child;
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    await untilReady(port, child);

    // Clients in a loop on keep-alive connections until the gateway no longer takes connections.
    const outcomes: Outcome[] = [];
    const loop = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const outcome = await call(port, agent, 'POST', '/api/calculations/economics', body);
        outcomes.push(outcome);
        if (outcome.error) break;
      }
      agent.destroy();
    };
    // Load balancers' readiness probes, each on a connection of its own. Several, staggered: a probe
    // in flight at the signal is answered as it began (ready) and its connection closed, so the 503
    // shows on the connections that were idle then.
    const probes: Outcome[] = [];
    const probeLoop = async (delayMs: number) => {
      await new Promise((r) => setTimeout(r, delayMs));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const outcome = await call(port, agent, 'GET', '/readyz');
        probes.push(outcome);
        if (outcome.error) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      agent.destroy();
    };
    const loops = [...Array.from({ length: CLIENTS }, loop), ...[0, 6, 12, 18].map(probeLoop)];

    await new Promise((r) => setTimeout(r, 1_500));
    const termAt = Date.now();
    child.kill('SIGTERM');
    const exit = await exited;
    await Promise.all(loops);

    expect(exit).toMatchObject({ code: 0, signal: null });
    // Every request the gateway took got its whole reply; the only error a client met is a refused
    // connection (after the drain started), which it may safely send elsewhere.
    const taken = outcomes.filter((o) => o.error !== 'ECONNREFUSED');
    const inFlightAtTerm = taken.filter((o) => o.start < termAt && o.end > termAt);
    expect(inFlightAtTerm.length).toBeGreaterThanOrEqual(CLIENTS / 2);
    expect(taken.filter((o) => o.status !== 200 || !o.complete)).toEqual([]);
    expect(outcomes.length - taken.length).toBeLessThanOrEqual(CLIENTS);
    // Readiness turned 503 before the process went away, so a balancer stops sending it traffic.
    expect(probes.filter((p) => p.status === 200).length).toBeGreaterThan(0);
    expect(probes.some((p) => p.status === 503 && p.end <= exit.at)).toBe(true);
  });
});
