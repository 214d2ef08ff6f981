/**
 * Query keys of the dashboard, all under the wallet: a different wallet never sees another's cache,
 * and invalidating a list key also refreshes the records under it (a scenario's details).
 */
const root = (address: string) => ['dashboard', address.toLowerCase()] as const;

export const dashboardKeys = {
  all: root,
  profiles: (address: string) => [...root(address), 'profiles'] as const,
  portfolio: (address: string) => [...root(address), 'portfolio'] as const,
  scenarios: (address: string) => [...root(address), 'scenarios'] as const,
  scenario: (address: string, id: string) => [...root(address), 'scenarios', id] as const,
  alerts: (address: string) => [...root(address), 'alerts'] as const,
  nodeMoney: (address: string, publicKey: string, currency: string, wallet: string | null) =>
    [...root(address), 'node-money', publicKey, currency, wallet?.toLowerCase() ?? 'nominator'] as const,
};
