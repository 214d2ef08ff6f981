import type { Clock, DefaultProfilePointer, LiveNetwork, NodeLookup, PortfolioStore, ProfileStore, ScenarioStore, WalletLock } from './ports';

/** Everything the use cases need; built once in compose.ts. */
export interface DashboardDomain {
  profiles: ProfileStore;
  defaults: DefaultProfilePointer;
  portfolio: PortfolioStore;
  scenarios: ScenarioStore;
  lock: WalletLock;
  network: LiveNetwork;
  /** The network service's lookup of the nodes portfolio entries link. */
  nodes: NodeLookup;
  now: Clock;
  newId(): string;
}
