// Runs the archiver and price stand-in as a process (`npm start` in dev mode starts it through
// scripts/lib/processes.ts): STAND_IN_PORT picks archiver #0's port, STAND_IN_DATA the numbers it
// answers, STAND_IN_SHAPE the shapes (`real`: as the Shardeum archiver answers; `tidy`: only what
// we read, every foundation flag kept). The network moves on one cycle per cycle duration; tests
// that run it as a process steer it through its control routes (stand-in-control.ts: advance the
// network, move a scripted node, put a node's money on the chain). STAND_IN_HOST sets the address
// the archivers listen on (default 127.0.0.1); with 0.0.0.0 (a container of the containers tier)
// they list each other under this host's first outside IPv4 address, as real archivers list their
// public IPs.
import { networkInterfaces } from 'node:os';
import { startArchiverAndPriceStandIn, type StandInOptions } from './archiver-and-price';

/**
 * `spec` (default): a network whose live values are the calculator's spec defaults (256 active
 * validators of which 20 community, 200 standby, 10 SHM/h, 2400 SHM stake, SHM at $0.1265), so
 * `npm start` opens on them. `sample`: a mainnet-like sample that differs from the defaults (255
 * active, 22 community, 412 standby, $0.1172); the end-to-end tests use it to see live data applied.
 * Both use the default network account (10 SHM per hour, 2400 SHM stake) and a history of 1500
 * cycles, which the network service's first poll reads back in full (20 ranges of 100 by default),
 * so a fresh `npm start` shows the exact split at once; the component tests cover longer histories.
 * `large`: 5 000 active (1 000 foundation) and 1 000 standby nodes, one in 25 leaves going through
 * lost and apoptosized, for load runs of the node tracker. Its first records hold every node's join
 * (megabytes): read it with `UPSTREAM_MAX_BYTES` of 16 MiB or more.
 * `watch`: a small network whose cycles last 5 s (syncing takes 8, longer than the portfolio refreshes), for the end-to-end tests that
 * follow a scripted node through its states live (e2e/*.live.e2e.test.ts) in seconds, not minutes.
 */
const DATA_SETS: Record<string, Pick<StandInOptions, 'network' | 'price'>> = {
  spec: { network: { active: 256, foundation: 236, standby: 200, historyCycles: 1500 }, price: { usd: 0.1265 } },
  sample: { network: { active: 255, foundation: 233, standby: 412, historyCycles: 1500 }, price: { usd: 0.1172 } },
  watch: { network: { active: 24, foundation: 20, standby: 12, duration: 5, syncCycles: 8, activePeriodCycles: 60, historyCycles: 200 }, price: { usd: 0.1172 } },
  large: { network: { active: 5_000, foundation: 1_000, standby: 1_000, historyCycles: 600, lostEvery: 25 }, price: { usd: 0.1172 } },
};
const SHAPES = ['real', 'tidy'] as const;

async function main(): Promise<void> {
  const port = Number(process.env.STAND_IN_PORT ?? 4100);
  const data = DATA_SETS[process.env.STAND_IN_DATA ?? 'spec'];
  if (!data) throw new Error(`STAND_IN_DATA must be one of ${Object.keys(DATA_SETS).join(', ')}`);
  const shape = SHAPES.find((s) => s === (process.env.STAND_IN_SHAPE ?? 'real'));
  if (!shape) throw new Error(`STAND_IN_SHAPE must be one of ${SHAPES.join(', ')}`);
  const host = process.env.STAND_IN_HOST ?? '127.0.0.1';
  const outside = Object.values(networkInterfaces()).flat().find((nic) => nic?.family === 'IPv4' && !nic.internal)?.address;
  const advertisedHost = host === '0.0.0.0' ? (outside ?? '127.0.0.1') : host;
  const standIn = await startArchiverAndPriceStandIn({ port, host, advertisedHost, shape, autoAdvance: true, control: true, ...data });
  console.log(`stand-in listening ${standIn.port} (${shape} shape, cycle ${standIn.counter()})`);
  standIn.archivers.forEach((a, i) => console.log(`archiver ${i}: ${a.url} public key ${a.publicKey}`));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void standIn.close().then(() => process.exit(0));
    });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
