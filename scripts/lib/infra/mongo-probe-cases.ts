// The cases scripts/lib/infra/mongo-probe.ts puts to a server: for each behaviour the services rely
// on, what MongoDB's manual says happens and a run that reports what the server did.
import type { Db, MongoClient } from 'mongodb';

/** What a driver error carries (a write error's code may sit in its list or its server reply). */
interface DriverError {
  message?: string;
  code?: number;
  writeErrors?: { index: number; code: number }[];
  errorResponse?: { code?: number };
}

/** The probes' documents: any _id and fields, as each probe writes them. */
interface ProbeDoc {
  _id?: string | number;
  [field: string]: unknown;
}

export interface Outcome {
  observed: string;
  asMongo: boolean;
}

export interface Probe {
  name: string;
  reliedOn: string;
  mongodb: string;
  run: (db: Db, client: MongoClient) => Promise<Outcome>;
}

export const asDriverError = (err: unknown): DriverError => (typeof err === 'object' && err !== null ? err : { message: String(err) });

const RACERS = 20;

const codeOf = (err: unknown): number | undefined => {
  const failure = asDriverError(err);
  return failure.code ?? failure.writeErrors?.[0]?.code ?? failure.errorResponse?.code;
};
const settle = (tasks: (() => Promise<unknown>)[]): Promise<PromiseSettledResult<unknown>[]> => Promise.allSettled(tasks.map((task) => task()));
const tally = (results: PromiseSettledResult<unknown>[]): string => {
  const codes: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 'fulfilled' ? 'ok' : `error ${codeOf(r.reason) ?? asDriverError(r.reason).message ?? '?'}`;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return Object.entries(codes).map(([outcome, n]) => `${n}× ${outcome}`).join(', ');
};

/**
 * Each probe: what the code relies on it for, what MongoDB's manual says happens, and a run that
 * returns { observed, asMongo }.
 */
export const PROBES: Probe[] = [
  {
    name: 'unique compound index under a race',
    reliedOn: 'payments: {chainId, txHash} refuses a second claim of one transaction (the double-spend guard)',
    mongodb: `${RACERS} concurrent inserts of one key: 1 stored, ${RACERS - 1} refused with code 11000`,
    async run(db) {
      const c = db.collection<ProbeDoc>('unique_race');
      await c.createIndex({ chainId: 1, txHash: 1 }, { unique: true });
      const results = await settle(Array.from({ length: RACERS }, (_, i) => () => c.insertOne({ chainId: 8118, txHash: '0xabc', session: i })));
      const stored = await c.countDocuments({ chainId: 8118, txHash: '0xabc' });
      const refused = results.filter((r) => r.status === 'rejected' && codeOf(r.reason) === 11000).length;
      return { observed: `${stored} stored; ${tally(results)}`, asMongo: stored === 1 && refused === RACERS - 1 };
    },
  },
  {
    name: 'duplicate _id on insert',
    reliedOn: 'payments grants, dashboard notifications and deliveries: a repeated insert of one id is answered "already there"',
    mongodb: 'the second insert fails with code 11000 and a message starting E11000',
    async run(db) {
      const c = db.collection<ProbeDoc>('dup_id');
      await c.insertOne({ _id: 'one' });
      try {
        await c.insertOne({ _id: 'one' });
        return { observed: 'second insert accepted', asMongo: false };
      } catch (err) {
        const message = asDriverError(err).message ?? '';
        return { observed: `code ${codeOf(err)}, "${message.slice(0, 40)}…"`, asMongo: codeOf(err) === 11000 && message.includes('E11000') };
      }
    },
  },
  {
    name: 'unordered insertMany with duplicates',
    reliedOn: 'network: cycle records and first-seen nodes; the positions refused as duplicates are replaced',
    mongodb: 'every new document stored; one writeError (code 11000, its index) per duplicate',
    async run(db) {
      const c = db.collection<ProbeDoc>('insert_many');
      await c.insertMany([{ _id: 1 }, { _id: 3 }]);
      try {
        await c.insertMany([{ _id: 0 }, { _id: 1 }, { _id: 2 }, { _id: 3 }, { _id: 4 }], { ordered: false });
        return { observed: 'no error', asMongo: false };
      } catch (err) {
        const errors = (asDriverError(err).writeErrors ?? []).map((write) => `${write.index}:${write.code}`).join(' ');
        const stored = await c.countDocuments();
        return { observed: `${stored} stored; writeErrors ${errors}`, asMongo: stored === 5 && errors === '1:11000 3:11000' };
      }
    },
  },
  {
    name: 'upsert of one new _id under a race',
    reliedOn: 'payments wallet/register (wallets.seen); dashboard default pointer (under the wallet lock); network flags',
    mongodb: `${RACERS} concurrent upserts: all succeed, one document (the server retries an upsert that hits the unique _id)`,
    async run(db) {
      const c = db.collection<ProbeDoc>('upsert_race');
      const at = new Date();
      const results = await settle(
        Array.from({ length: RACERS }, () => () => c.updateOne({ _id: 'wallet' }, { $set: { lastSeenAt: at }, $setOnInsert: { firstSeenAt: at } }, { upsert: true })),
      );
      const stored = await c.countDocuments();
      return { observed: `${stored} stored; ${tally(results)}`, asMongo: stored === 1 && results.every((r) => r.status === 'fulfilled') };
    },
  },
  {
    name: '$inc on one document under a race',
    reliedOn: 'dashboard: a delivery’s attempts (one job per delivery at a time, so never raced in the code)',
    mongodb: `${RACERS} concurrent $inc of 1: the counter reads ${RACERS} (single-document updates are atomic)`,
    async run(db) {
      const c = db.collection<{ _id: string; n: number }>('inc_race');
      await c.insertOne({ _id: 'counter', n: 0 });
      await settle(Array.from({ length: RACERS }, () => () => c.updateOne({ _id: 'counter' }, { $inc: { n: 1 } })));
      const n = (await c.findOne({ _id: 'counter' }))?.n;
      return { observed: `counter reads ${n}`, asMongo: n === RACERS };
    },
  },
  {
    name: 'conditional update as a guard, raced',
    reliedOn: 'dashboard: an attempt’s outcome only while a delivery is pending or retrying (status: {$in: [...]})',
    mongodb: `${RACERS} concurrent updateOne({status: 'open'}) → {status: <own>}: exactly 1 modifies`,
    async run(db) {
      const c = db.collection<ProbeDoc>('guard_race');
      await c.insertOne({ _id: 'delivery', status: 'open' });
      const results = await settle(Array.from({ length: RACERS }, (_, i) => () => c.updateOne({ _id: 'delivery', status: 'open' }, { $set: { status: `closed-${i}` } })));
      const modified = results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? (r.value as { modifiedCount: number }).modifiedCount : 0), 0);
      return { observed: `${modified} of ${RACERS} modified`, asMongo: modified === 1 };
    },
  },
  {
    name: 'findOneAndUpdate with a condition, raced',
    reliedOn: 'dashboard: editing a record filters on its owner ({_id, wallet}); writes of one wallet are serialised by a Redis lock',
    mongodb: `${RACERS} concurrent findOneAndUpdate({state: 'free'}) → {state: 'taken'}: exactly 1 returns the document`,
    async run(db) {
      const c = db.collection<ProbeDoc>('fam_race');
      await c.insertOne({ _id: 'slot', state: 'free' });
      const results = await settle(
        Array.from({ length: RACERS }, (_, i) => () => c.findOneAndUpdate({ _id: 'slot', state: 'free' }, { $set: { state: 'taken', by: i } }, { returnDocument: 'after' })),
      );
      const winners = results.filter((r) => r.status === 'fulfilled' && r.value).length;
      return { observed: `${winners} of ${RACERS} got the document`, asMongo: winners === 1 };
    },
  },
  {
    name: 'unique index and documents without the fields',
    reliedOn: 'nothing: every payment has chainId and txHash (listed because the engines differ)',
    mongodb: 'a missing field indexes as null: a second document without the fields is refused (11000)',
    async run(db) {
      const c = db.collection<ProbeDoc>('unique_missing');
      await c.createIndex({ chainId: 1, txHash: 1 }, { unique: true });
      await c.insertOne({ note: 'first' });
      try {
        await c.insertOne({ note: 'second' });
        return { observed: 'second accepted', asMongo: false };
      } catch (err) {
        return { observed: `second refused, code ${codeOf(err)}`, asMongo: codeOf(err) === 11000 };
      }
    },
  },
  {
    name: 'sort on a date with ties, then _id',
    reliedOn: 'dashboard lists ({createdAt: -1, _id: -1}), the default-profile repair ({updatedAt: -1, _id: -1}), payments latest intent',
    mongodb: 'newest first; equal dates ordered by _id descending',
    async run(db) {
      const c = db.collection<{ _id: string; createdAt: Date }>('sort');
      const t = (second: number): Date => new Date(`2026-01-01T00:00:0${second}Z`);
      await c.insertMany([
        { _id: 'a', createdAt: t(1) },
        { _id: 'c', createdAt: t(2) },
        { _id: 'b', createdAt: t(2) },
        { _id: 'd', createdAt: t(0) },
      ]);
      const order = (await c.find({}).sort({ createdAt: -1, _id: -1 }).toArray()).map((doc) => doc._id).join('');
      return { observed: order, asMongo: order === 'cbad' };
    },
  },
  {
    name: '$type and $in filters',
    reliedOn: 'dashboard: linked portfolio entries (nodePublicKey: {$type: "string"}); pending intents (status: {$in: [...]})',
    mongodb: '$type "string" matches only strings (not null, not missing); $in matches any listed value',
    async run(db) {
      const c = db.collection<ProbeDoc>('filters');
      await c.insertMany([{ k: 'key' }, { k: null }, {}, { k: 7 }, { s: 'submitted' }, { s: 'verifying' }, { s: 'initiated' }]);
      const strings = await c.countDocuments({ k: { $type: 'string' } });
      const listed = await c.countDocuments({ s: { $in: ['submitted', 'verifying'] } });
      return { observed: `$type string: ${strings}; $in: ${listed}`, asMongo: strings === 1 && listed === 2 };
    },
  },
  {
    name: 'TTL index',
    reliedOn: 'nothing: grants and sessions expire against the service clock, not a TTL index',
    mongodb: 'createIndex({expiresAt: 1}, {expireAfterSeconds: 0}) succeeds; a background task removes expired documents',
    async run(db) {
      try {
        await db.collection<ProbeDoc>('ttl').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
        return { observed: 'index created', asMongo: true };
      } catch (err) {
        return { observed: `refused: code ${codeOf(err)}`, asMongo: false };
      }
    },
  },
  {
    name: 'multi-document transaction',
    reliedOn: 'nothing: no code path uses a session transaction',
    mongodb: 'a replica set commits both writes or neither; a standalone mongod refuses (code 20, IllegalOperation)',
    async run(db, client) {
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          await db.collection<ProbeDoc>('txn').insertOne({ _id: 1 }, { session });
          await db.collection<ProbeDoc>('txn').insertOne({ _id: 2 }, { session });
        });
        return { observed: 'committed', asMongo: true };
      } catch (err) {
        // A standalone mongod refuses too; only a replica set can say "as MongoDB" here.
        return { observed: `refused: code ${codeOf(err)} (${String(asDriverError(err).message).slice(0, 60)})`, asMongo: false };
      } finally {
        await session.endSession();
      }
    },
  },
  {
    name: 'write concern majority, journaled',
    reliedOn: 'production MONGO_URL carries w=majority&journal=true (docs/operations.md)',
    mongodb: 'acknowledged once a majority has the write in its journal (a standalone: once journaled)',
    async run(db) {
      try {
        await db.collection<ProbeDoc>('wc').insertOne({ _id: 1 }, { writeConcern: { w: 'majority', journal: true } });
        return { observed: 'acknowledged', asMongo: true };
      } catch (err) {
        return { observed: `refused: code ${codeOf(err)}`, asMongo: false };
      }
    },
  },
];
