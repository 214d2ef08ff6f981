import type { Router } from 'express';
import { adminContract } from '@shm/contracts';
import { handler } from '@shm/platform';
import type { AdminAuth } from '../../domain/admin-auth';
import type { FeatureFlagsService } from '../../domain/feature-flags';
import { callerFrom, gatewayRoutes } from './serve';

/** Spec §7 admin rows: challenge → verify → bearer token; flags read and changed with the token. */
export const adminRoutes = (admin: AdminAuth, flags: FeatureFlagsService): Router =>
  gatewayRoutes([
    handler(adminContract.challenge, ({ body: { walletAddress } }) => admin.challenge(walletAddress)),
    handler(adminContract.verify, ({ body }) => admin.verify(body)),
    handler(adminContract.logout, async ({ res }) => {
      await admin.logout(callerFrom(res).bearer!);
      return { success: true };
    }),
    handler(adminContract.readFlags, async () => ({ success: true, flags: await flags.read() })),
    handler(adminContract.setFlag, async ({ body: { feature, enabled } }) => ({ success: true, flags: await flags.set(feature, enabled) })),
  ]);
