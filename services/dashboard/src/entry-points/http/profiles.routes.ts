import { dashboardContract } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';
import { createProfile } from '../../domain/create-profile';
import { listProfiles } from '../../domain/default-profile';
import { deleteProfile } from '../../domain/delete-profile';
import type { DashboardDomain } from '../../domain/deps';
import { updateProfile } from '../../domain/update-profile';

/** Spec §7 profile calls: list, create, patch, delete. */
export const profilesRoutes = (domain: DashboardDomain): RouteHandler[] => [
  handler(dashboardContract.profiles, async ({ wallet }) => ({ success: true, profiles: await listProfiles(domain, wallet) })),
  handler(dashboardContract.createProfile, async ({ wallet, body: { walletAddress: _named, isDefault, ...fields } }) => ({
    success: true,
    profile: await createProfile(domain, wallet, fields, isDefault),
  })),
  handler(dashboardContract.updateProfile, async ({ wallet, params: { id }, body: { walletAddress: _named, isDefault, ...changes } }) => ({
    success: true,
    profile: await updateProfile(domain, wallet, id, changes, isDefault),
  })),
  handler(dashboardContract.deleteProfile, ({ wallet, params: { id } }) => deleteProfile(domain, wallet, id)),
];
