import type { InvestmentProfile } from '@shm/contracts';

/**
 * The profile the Overview works with: the one picked this visit while it still exists, otherwise
 * the default (spec §4: the default is auto-selected), otherwise none.
 */
export function pickActiveProfile(profiles: InvestmentProfile[] | undefined, chosenId: string | null): InvestmentProfile | null {
  if (!profiles) return null;
  return profiles.find((p) => p.id === chosenId) ?? profiles.find((p) => p.isDefault) ?? profiles[0] ?? null;
}
