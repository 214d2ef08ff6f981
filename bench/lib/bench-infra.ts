// Redis and the MongoDB wire server (FerretDB) the tests use, started for a benchmark on the
// default ports + BENCH_PORT_OFFSET (3000 unless set), without the chain or the default stand-in.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/deps';
import type { PartHandle } from '../../scripts/lib/infra/supervise';
import { INFRA, offsetPorts, type Ports } from '../../scripts/lib/processes';

export interface BenchInfra {
  ports: Ports;
  redisUrl: string;
  mongoUrl: string;
  logDir: string;
  stop(): Promise<void>;
}

export async function startBenchInfra(): Promise<BenchInfra> {
  const ports = offsetPorts(Number(process.env.BENCH_PORT_OFFSET ?? 3000));
  const logDir = path.join(ROOT, '.run/bench-logs');
  // Redis writes its log there and will not start without the folder (a fresh clone has none).
  mkdirSync(logDir, { recursive: true });
  const parts: { name: string; handle: PartHandle }[] = [];
  for (const part of INFRA.filter((p) => p.name === 'redis' || p.name === 'mongo')) parts.push({ name: part.name, handle: await part.start(ports, logDir) });
  const url = (name: string) => parts.find((p) => p.name === name)?.handle.url ?? '';
  return {
    ports,
    redisUrl: url('redis'),
    mongoUrl: url('mongo'),
    logDir,
    async stop() {
      for (const part of parts.reverse()) await part.handle.stop();
    },
  };
}
