// The archiver stand-in as a process of its own, with the network a benchmark asks for
// (STAND_IN_NETWORK, JSON of the stand-in's network settings) and its control routes, so serving
// tens of thousands of listed nodes does not share a thread with the process being measured, as a
// real archiver would not. Prints one line `seed <url>#<public key>` when it listens.
import { startArchiverAndPriceStandIn } from '../../infra/stand-ins/archiver-and-price';

const network = JSON.parse(process.env.STAND_IN_NETWORK ?? '{}') as Record<string, number>;
const standIn = await startArchiverAndPriceStandIn({ network, control: true });
const seed = standIn.archiver(0);
console.log(`seed ${seed.url}#${seed.publicKey}`);
process.once('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
