import type { Connection } from '@shm/platform/mongo';
import type { DestinationWallets } from '../domain/notify-network-change';

/** The wallets with at least one alert destination (`alert_destinations.wallet`): who hears of a network change. */
export function destinationWallets(connection: Connection): DestinationWallets {
  return {
    async all() {
      const db = connection.db;
      if (!db) throw new Error('mongo is not connected');
      const wallets = (await db.collection('alert_destinations').distinct('wallet')) as unknown[];
      return wallets.filter((w): w is string => typeof w === 'string').sort();
    },
  };
}
