// Runs the archiver and price stand-in as a process (`npm start` in dev mode starts it through
// scripts/lib/processes.mjs): STAND_IN_PORT picks the port, STAND_IN_DATA the numbers it answers.
import { startArchiverAndPriceStandIn, type StandInOptions } from './archiver-and-price';

/**
 * `spec` (default): a network whose live values are the calculator's spec defaults (256 active
 * validators of which 20 community, 200 standby, 10 SHM/h, 2400 SHM stake, SHM at $0.1265), so
 * `npm start` opens on them. `sample`: a mainnet-like sample that differs from the defaults (255
 * active, 22 community, 412 standby, $0.1172); the end-to-end tests use it to see live data applied.
 */
const DATA_SETS: Record<string, Pick<StandInOptions, 'network' | 'price'>> = {
  spec: { network: { active: 256, foundation: 236, standby: 200 }, price: { usd: 0.1265 } },
  sample: {},
};

async function main(): Promise<void> {
  const port = Number(process.env.STAND_IN_PORT ?? 4100);
  const data = DATA_SETS[process.env.STAND_IN_DATA ?? 'spec'];
  if (!data) throw new Error(`STAND_IN_DATA must be one of ${Object.keys(DATA_SETS).join(', ')}`);
  const standIn = await startArchiverAndPriceStandIn({ port, ...data });
  console.log(`stand-in listening ${standIn.port}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void standIn.close().then(() => process.exit(0));
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
