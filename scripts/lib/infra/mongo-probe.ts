// Asks a MongoDB wire-protocol server, through the same Node driver the services use, how it handles
// each behaviour the services rely on, and sets what it did beside what MongoDB documents
// (docs/mongodb-compatibility.md). It writes only to a database of its own, dropped at the end.
//
//   node --import tsx scripts/lib/infra/mongo-probe.ts [mongodb://host:port]     (default: MONGO_URL, else the local 27018)
//   node --import tsx scripts/lib/infra/mongo-probe.ts --json [url]               (the results as JSON)
//
// Against FerretDB (what `npm start` and `npm test` run) some rows differ from MongoDB on purpose:
// they are the behaviours the code is written not to depend on. Against a real mongod every row
// should read "as MongoDB". Exits 0 either way: it describes, it does not judge. The cases
// themselves are in mongo-probe-cases.ts.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { type Outcome, PROBES, type Probe, asDriverError } from './mongo-probe-cases';

export type ProbeRow = Omit<Probe, 'run'> & Outcome;

/** Runs every probe against `url` in a fresh database; returns the server's own description and the rows. */
export async function probeMongo(url: string): Promise<{ server: string; rows: ProbeRow[] }> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db(`compat_probe_${randomUUID().slice(0, 8)}`);
  try {
    const info = await db.admin().command({ buildInfo: 1 });
    const hello = await db.admin().command({ hello: 1 });
    const server = [
      `version ${info.version}`,
      info.ferretdbVersion ? `FerretDB ${info.ferretdbVersion}` : null,
      hello.setName ? `replica set ${hello.setName}` : 'no replica set',
    ]
      .filter(Boolean)
      .join(', ');
    const rows: ProbeRow[] = [];
    for (const probe of PROBES) {
      let outcome: Outcome;
      try {
        outcome = await probe.run(db, client);
      } catch (err) {
        outcome = { observed: `failed: ${asDriverError(err).message}`, asMongo: false };
      }
      rows.push({ name: probe.name, reliedOn: probe.reliedOn, mongodb: probe.mongodb, ...outcome });
    }
    return { server, rows };
  } finally {
    await db.dropDatabase().catch(() => {});
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const url = args.find((arg) => !arg.startsWith('--')) ?? process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27018';
  const { server, rows } = await probeMongo(url);
  if (json) {
    console.log(JSON.stringify({ url, server, rows }, null, 2));
  } else {
    console.log(`${url}: ${server}\n`);
    for (const row of rows) {
      console.log(`${row.asMongo ? 'as MongoDB' : 'DIFFERS   '}  ${row.name}: ${row.observed}`);
      console.log(`            MongoDB: ${row.mongodb}`);
      console.log(`            relied on by: ${row.reliedOn}\n`);
    }
  }
}
