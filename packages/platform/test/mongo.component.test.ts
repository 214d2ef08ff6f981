import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { connectMongo, isDuplicateKeyError, mongoReady, type Connection } from '../src/mongo';
import { TEST_MONGO_URL, testLogger } from '../src/testing';

const MONGO_URL = TEST_MONGO_URL;

describe('MongoDB wire-protocol server (FerretDB locally, mongo in compose)', () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo(MONGO_URL, `platform_test_${randomUUID().slice(0, 8)}`, testLogger());
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('when the server is up, then the readiness check passes', async () => {
    await expect(mongoReady(connection)()).resolves.toBeUndefined();
  });

  it('when a document repeats a unique key, then the server itself refuses it with E11000', async () => {
    const schema = new Schema({ key: String, n: Number });
    schema.index({ key: 1 }, { unique: true });
    const Model = connection.model('UniqueThing', schema, 'unique_things');
    await Model.createCollection();
    await Model.createIndexes();
    await Model.create({ key: 'a', n: 1 });
    // Straight to the collection: no mongoose validation stands between the write and the index.
    const duplicate = await Model.collection.insertOne({ key: 'a', n: 2 }).catch((err: unknown) => err);
    expect(isDuplicateKeyError(duplicate)).toBe(true);
    expect(duplicate).toHaveProperty('message', expect.stringMatching(/E11000/));
    expect(await Model.countDocuments({ key: 'a' })).toBe(1);
  });

  it('when a document is looked up by _id among thousands, then the server reads it through the _id index, not every document', async () => {
    // FerretDB 1.24.2 as published scans the table for every find, update and delete by _id (its
    // query names the field otherwise than its index does); the launcher builds it patched
    // (infra/mongo-launcher/README.md). SQLite's plan says SEARCH ... USING INDEX for a lookup and
    // SCAN for a read of every row; MongoDB's says IDHACK or EXPRESS.
    const things = connection.collection<{ _id: string; n: number }>('id_lookups');
    await things.insertMany(Array.from({ length: 2000 }, (_, n) => ({ _id: `key-${n}`, n })));
    const explained = await things.find({ _id: 'key-1234' }).explain();
    expect(JSON.stringify(explained.queryPlanner)).toMatch(/USING (COVERING )?INDEX|IDHACK|EXPRESS/);
    expect(JSON.stringify(explained.queryPlanner)).not.toMatch(/detail=SCAN/);
    // The writes by _id go the same way: the replaced and the deleted documents are the ones named.
    await things.replaceOne({ _id: 'key-7' }, { n: -7 });
    await things.deleteOne({ _id: 'key-8' });
    expect(await things.findOne({ _id: 'key-7' })).toEqual({ _id: 'key-7', n: -7 });
    expect(await things.findOne({ _id: 'key-8' })).toBeNull();
    expect(await things.countDocuments()).toBe(1999);
    // A read of many keys at once (read through the index by the patched build) answers exactly those
    // stored, whatever else the list holds.
    const named = await things.find({ _id: { $in: ['key-1', 'key-7', 'key-8', 'key-1999', 'nowhere'] } }).toArray();
    expect(named.map((doc) => doc._id).sort()).toEqual(['key-1', 'key-1999', 'key-7']);
    const mixed = await connection.collection<{ _id: string | number }>('id_lookups').find({ _id: { $in: ['key-2', 3] } }).toArray();
    expect(mixed.map((doc) => doc._id)).toEqual(['key-2']);
    // `_id` beside other conditions (narrowed by the index in the patched build, then filtered whole):
    // every condition still holds, in reads, guarded updates and deletes.
    expect(await things.findOne({ _id: 'key-10', n: 10 })).toEqual({ _id: 'key-10', n: 10 });
    expect(await things.findOne({ _id: 'key-10', n: 11 })).toBeNull();
    expect(await things.find({ _id: { $in: ['key-11', 'key-12'] }, n: { $gt: 11 } }).toArray()).toEqual([{ _id: 'key-12', n: 12 }]);
    expect((await things.updateOne({ _id: 'key-13', n: { $in: [1, 2] } }, { $set: { n: 0 } })).matchedCount).toBe(0);
    expect((await things.updateOne({ _id: 'key-13', n: { $in: [13, 14] } }, { $set: { n: 0 } })).modifiedCount).toBe(1);
    expect((await things.deleteOne({ _id: 'key-14', n: 99 })).deletedCount).toBe(0);
    expect(await things.findOne({ _id: 'key-13' })).toEqual({ _id: 'key-13', n: 0 });
    expect(await things.countDocuments({ _id: 'key-14' })).toBe(1);
  });

  it('when twenty writers race to insert one unique key, then exactly one wins', async () => {
    // The guard code relies on (FerretDB 1.x does not serialise concurrent updates of one document:
    // twenty parallel $inc of one counter can land as four, so no guard may be a read-modify-write).
    const schema = new Schema({ key: String });
    schema.index({ key: 1 }, { unique: true });
    const Model = connection.model('RaceThing', schema, 'race_things');
    await Model.createCollection();
    await Model.createIndexes();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => Model.collection.insertOne({ key: 'once' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled' || isDuplicateKeyError(r.reason))).toBe(true);
  });
});
