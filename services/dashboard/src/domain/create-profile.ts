import type { InvestmentProfile, ProfileFields } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { assertBelowLimit } from './errors';
import { withDefault } from './default-profile';

/**
 * Spec §4: the wallet's first profile becomes the default; `isDefault` makes a later one the default.
 * Order matters for readers: a first profile's pointer is written before the profile (a reader sees
 * no profiles or the default one); a later default is written after it (a reader sees the old default).
 */
export async function createProfile(d: DashboardDomain, wallet: string, fields: ProfileFields, isDefault = false): Promise<InvestmentProfile> {
  return d.lock.run(wallet, async () => {
    assertBelowLimit(await d.profiles.count(wallet), 'profiles', 'profiles');
    const at = d.now().toISOString();
    const record = { ...fields, id: d.newId(), walletAddress: wallet, createdAt: at, updatedAt: at };
    const pointer = await d.defaults.get(wallet);
    const hasDefault = pointer !== null && (await d.profiles.get(wallet, pointer)) !== null;
    if (!hasDefault) await d.defaults.set(wallet, record.id);
    await d.profiles.insert(record);
    if (hasDefault && isDefault) await d.defaults.set(wallet, record.id);
    return withDefault(record, hasDefault && !isDefault ? pointer : record.id);
  });
}
