// Runs the archiver and price stand-in as a process (`npm start` in dev mode starts it through
// scripts/lib/processes.mjs): STAND_IN_PORT picks the port; it answers healthy, mainnet-like data.
import { startArchiverAndPriceStandIn } from './archiver-and-price';

async function main(): Promise<void> {
  const port = Number(process.env.STAND_IN_PORT ?? 4100);
  const standIn = await startArchiverAndPriceStandIn({ port });
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
