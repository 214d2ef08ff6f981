import { Schema, type Connection } from 'mongoose';
import { NodeChangeSchema, type AlertPhase, type AlertTrigger, type NodeChange } from '@shm/contracts';
import type { NotificationRecord, NotificationStore } from '../domain/ports';
import { insertOnce } from './duplicate-key';

interface NotificationDoc {
  /** `<change id>:<wallet>`: one per change and wallet, however often the change is handled. */
  _id: string;
  wallet: string;
  change: NodeChange;
  nodeLabel: string;
  message: string;
  /** Absent on notifications stored before episodes. */
  phase?: AlertPhase;
  trigger?: AlertTrigger;
  episodeId?: string | null;
  createdAt: Date;
}

const schema = new Schema<NotificationDoc>(
  { _id: String, wallet: String, change: Schema.Types.Mixed, nodeLabel: String, message: String, phase: String, trigger: String, episodeId: String, createdAt: Date },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });

/** The in-app notifications in `alert_notifications`. */
export async function notificationRepository(connection: Connection): Promise<NotificationStore> {
  const Notifications = connection.model<NotificationDoc>('AlertNotification', schema, 'alert_notifications');
  await Notifications.createIndexes();
  return {
    insert: ({ id, walletAddress, createdAt, ...rest }: NotificationRecord) =>
      insertOnce(() => Notifications.collection.insertOne({ ...rest, _id: id, wallet: walletAddress, createdAt: new Date(createdAt) } as never)),
    async latest(wallet, limit) {
      const docs = await Notifications.find({ wallet }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<NotificationDoc[]>();
      return docs.map((doc) => ({
        id: doc._id,
        walletAddress: doc.wallet,
        change: NodeChangeSchema.parse(doc.change),
        nodeLabel: doc.nodeLabel,
        message: doc.message,
        ...(doc.phase ? { phase: doc.phase, trigger: doc.trigger, episodeId: doc.episodeId ?? null } : {}),
        createdAt: doc.createdAt.toISOString(),
      }));
    },
  };
}
