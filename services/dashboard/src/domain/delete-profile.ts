import type { DeleteProfileReply } from '@shm/contracts';
import type { DashboardDomain } from './deps';
import { notFound } from './errors';

/**
 * Spec §4: deleting the default makes another the default — the most recently updated one. The
 * pointer moves before the profile goes, and is cleared only after the last profile went, so a
 * reader never sees profiles without a default.
 */
export async function deleteProfile(domain: DashboardDomain, wallet: string, id: string): Promise<DeleteProfileReply> {
  return domain.lock.run(wallet, async (held) => {
    if (!(await domain.profiles.get(wallet, id))) throw notFound('Profile');
    const pointer = await domain.defaults.get(wallet);
    const wasDefault = pointer === id || pointer === null || !(await domain.profiles.get(wallet, pointer));
    const successor = wasDefault ? await domain.profiles.mostRecentlyUpdated(wallet, id) : null;
    if (successor) {
      held.throwIfAborted();
      await domain.defaults.set(wallet, successor.id);
    }
    held.throwIfAborted();
    await domain.profiles.remove(wallet, id);
    // The profile is gone: the change is made. Without the lock a pointer to it is left for the next reader to clear.
    if (wasDefault && !successor && !held.aborted) await domain.defaults.set(wallet, null);
    return { success: true, deletedId: id, newDefaultId: successor?.id ?? null };
  });
}
