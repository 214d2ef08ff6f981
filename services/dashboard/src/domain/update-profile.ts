import type { InvestmentProfile, ProfileFields } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { withDefault } from './default-profile';
import { notFound } from './errors';

/**
 * Changes a profile's fields; `isDefault: true` moves the wallet's one default pointer to it (one
 * atomic write, so no reader sees two defaults or none). `isDefault: false` changes nothing: a wallet
 * with profiles always has a default, so the way to move it is to make another one the default.
 */
export async function updateProfile(
  domain: DashboardDomain,
  wallet: string,
  id: string,
  changes: Partial<ProfileFields>,
  isDefault?: boolean,
): Promise<InvestmentProfile> {
  return domain.lock.run(wallet, async (held) => {
    held.throwIfAborted();
    const updated = await domain.profiles.update(wallet, id, changes, domain.now().toISOString());
    if (!updated) throw notFound('Profile');
    // The fields are written: the change is made. Without the lock the default stays where it is.
    const makeDefault = isDefault === true && !held.aborted;
    if (makeDefault) await domain.defaults.set(wallet, id);
    const pointer = makeDefault ? id : await domain.defaults.get(wallet);
    return withDefault(updated, pointer);
  });
}
