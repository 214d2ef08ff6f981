import type { InvestmentProfile, ProfileFields } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { assertBelowLimit } from './errors';
import { repairDefault, withDefault } from './default-profile';

/**
 * Spec §4: the wallet's first profile becomes the default; `isDefault` makes a later one the default.
 * Order matters for readers: a first profile's pointer is written before the profile (a reader sees
 * no profiles or the default one); a later default is written after it (a reader sees the old default).
 * If the insert fails after the pointer moved, the pointer is put back on a live profile (the most
 * recently updated one, or none) before the error goes on, so it never keeps naming a profile that
 * does not exist.
 */
export async function createProfile(domain: DashboardDomain, wallet: string, fields: ProfileFields, isDefault = false): Promise<InvestmentProfile> {
  return domain.lock.run(wallet, async (held) => {
    assertBelowLimit(await domain.profiles.count(wallet), 'profiles', 'profiles');
    const at = domain.now().toISOString();
    const record = { ...fields, id: domain.newId(), walletAddress: wallet, createdAt: at, updatedAt: at };
    const pointer = await domain.defaults.get(wallet);
    const hasDefault = pointer !== null && (await domain.profiles.get(wallet, pointer)) !== null;
    if (!hasDefault) {
      held.throwIfAborted();
      await domain.defaults.set(wallet, record.id);
    }
    try {
      held.throwIfAborted();
      await domain.profiles.insert(record);
    } catch (err) {
      // The store's list decides (an insert that failed late may still have landed); should this
      // repair fail too, or the lock be lost (the repair writes nothing then), the next reader
      // repairs under the lock (default-profile.ts).
      if (!hasDefault) await repairDefault(domain, wallet, await domain.profiles.list(wallet), held).catch(() => undefined);
      throw err;
    }
    // The profile is written: the change is made. Without the lock it stays as it is (not the default).
    const makeDefault = hasDefault && isDefault && !held.aborted;
    if (makeDefault) await domain.defaults.set(wallet, record.id);
    return withDefault(record, hasDefault && !makeDefault ? pointer : record.id);
  });
}
