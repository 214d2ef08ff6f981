import { Schema, type Connection } from 'mongoose';
import type { AlertChannel } from '@shm/contracts';
import type { AlertDestinationRecord, DestinationStore } from '../domain/alert-ports';
import { ownedRepository, type OwnedDoc } from './owned.repository';

interface DestinationDoc extends OwnedDoc {
  channel: AlertChannel;
  label: string;
  url: string;
  chatId: string | null;
}

const schema = new Schema<DestinationDoc>(
  { _id: String, wallet: String, channel: String, label: String, url: String, chatId: String, createdAt: Date, updatedAt: Date },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });

/** Alert destinations in `alert_destinations`; the URL is kept whole and never leaves the service. */
export async function alertDestinationRepository(connection: Connection): Promise<DestinationStore> {
  const Destinations = connection.model<DestinationDoc>('AlertDestination', schema, 'alert_destinations');
  await Destinations.createIndexes();
  const { list, get, count, insert, remove } = ownedRepository<AlertDestinationRecord, DestinationDoc>(Destinations, {
    toFields: (f) => f,
    fromFields: ({ channel, label, url, chatId }) => ({ channel, label, url, chatId: chatId ?? null }),
  });
  return { list, get, count, insert, remove };
}
