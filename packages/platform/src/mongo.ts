import mongoose, { type Connection } from 'mongoose';
import type { Logger } from './logger';

export type { Connection };

/**
 * A mongoose connection of its own (not the global one) to one database. Works against MongoDB and
 * FerretDB alike, so callers keep to what both do: CRUD, atomic single-document updates, unique indexes.
 * Resolves once connected; the driver reconnects by itself after a drop.
 */
export async function connectMongo(url: string, dbName: string, logger?: Logger): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    // Indexes are created explicitly at start (see each repository's init), never lazily.
    autoIndex: false,
    autoCreate: false,
    // Fail after server selection (5 s) instead of queueing in mongoose while the server is away.
    bufferCommands: false,
  });
  connection.on('disconnected', () => logger?.warn({ dbName }, 'mongo disconnected'));
  connection.on('reconnected', () => logger?.info({ dbName }, 'mongo reconnected'));
  connection.on('error', (err: Error) => logger?.warn({ err: err.message, dbName }, 'mongo error'));
  await connection.asPromise();
  return connection;
}

/** Readiness check: the server answers ping. */
export const mongoReady = (connection: Connection) => async () => {
  const db = connection.db;
  if (!db) throw new Error('not connected');
  await db.admin().command({ ping: 1 });
};

/** True for the server's duplicate-key error (E11000), raised by a unique index. */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}
