import type { mongo } from 'mongoose';

/**
 * Statements per bulkWrite command. FerretDB (the local MongoDB, SQLite backend) holds one SQLite
 * connection open per update statement that matched a document until the whole command ends, out
 * of 100 per database: a command of 100 such statements waits for a connection forever. MongoDB
 * does not care; batches of 50 cost it nothing.
 */
const BATCH = 50;

/** An unordered bulkWrite sent in commands of at most BATCH statements. */
export async function bulkWriteInBatches<T extends mongo.Document>(collection: mongo.Collection<T>, operations: mongo.AnyBulkWriteOperation<T>[]): Promise<void> {
  for (let i = 0; i < operations.length; i += BATCH) {
    await collection.bulkWrite(operations.slice(i, i + BATCH), { ordered: false });
  }
}
