import type { InvestmentProfile } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import type { ProfileRecord } from './ports';

export const withDefault = (profile: ProfileRecord, defaultId: string | null): InvestmentProfile => ({
  ...profile,
  isDefault: profile.id === defaultId,
});

/** Only under the wallet lock (`held`): a pointer to no live profile is moved to the most recently updated one. */
export async function repairDefault(domain: DashboardDomain, wallet: string, profiles: ProfileRecord[], held: AbortSignal): Promise<string | null> {
  const pointer = await domain.defaults.get(wallet);
  if (profiles.some((p) => p.id === pointer)) return pointer;
  const newest = [...profiles].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  const next = newest?.id ?? null;
  if (next !== pointer) {
    held.throwIfAborted();
    await domain.defaults.set(wallet, next);
  }
  return next;
}

const CONSISTENT_READ_ATTEMPTS = 5;

/**
 * The wallet's profiles with exactly one default while any exist. Writers keep the pointer on a live
 * profile at every step (docs/dashboard.md), and the list is read before the pointer; a read that
 * still falls between two steps is simply repeated, and after a few misses it is done under the lock.
 */
export async function listProfiles(domain: DashboardDomain, wallet: string): Promise<InvestmentProfile[]> {
  for (let attempt = 0; attempt < CONSISTENT_READ_ATTEMPTS; attempt += 1) {
    const profiles = await domain.profiles.list(wallet);
    const pointer = await domain.defaults.get(wallet);
    if (profiles.length === 0) return [];
    if (profiles.some((p) => p.id === pointer)) return profiles.map((p) => withDefault(p, pointer));
  }
  return domain.lock.run(wallet, async (held) => {
    const profiles = await domain.profiles.list(wallet);
    const pointer = await repairDefault(domain, wallet, profiles, held);
    return profiles.map((p) => withDefault(p, pointer));
  });
}
