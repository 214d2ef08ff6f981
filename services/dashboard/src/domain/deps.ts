import type { Clock, DefaultProfilePointer, LiveNetwork, PortfolioStore, ProfileStore, ScenarioStore, WalletLock } from './ports';

/** Everything the use cases need; built once in compose.ts. */
export interface DashboardDomain {
  profiles: ProfileStore;
  defaults: DefaultProfilePointer;
  portfolio: PortfolioStore;
  scenarios: ScenarioStore;
  lock: WalletLock;
  network: LiveNetwork;
  now: Clock;
  newId(): string;
}
