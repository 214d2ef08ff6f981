import type { AlertDeps, Clock, WalletLock, WatcherLookup } from './ports';

/** Everything the use cases need; built once in compose.ts. */
export interface AlertsDomain {
  /** Destinations, notifications, deliveries, their queue, the URL rules and the sender (docs/alerts.md). */
  alerts: AlertDeps;
  /** The wallets linking a node (the dashboard's internal API). */
  watchers: WatcherLookup;
  lock: WalletLock;
  now: Clock;
  newId(): string;
  /** A webhook signing secret (`whsec_…`). */
  newSecret(): string;
}
