import type { Router } from 'express';
import { ErrorCode, adminContract } from '@shm/contracts';
import { AppError, handler } from '@shm/platform';
import type { AdminAuth } from '../../domain/admin-auth';
import type { FeatureFlagsService } from '../../domain/feature-flags';
import { callerFrom, gatewayRoutes } from './serve';

/** Spec §7 admin rows: challenge → verify → bearer token; flags read and changed with the token. */
export const adminRoutes = (admin: AdminAuth, flags: FeatureFlagsService): Router =>
  gatewayRoutes([
    handler(adminContract.challenge, ({ body: { walletAddress } }) => admin.challenge(walletAddress)),
    handler(adminContract.verify, ({ body }) => admin.verify(body)),
    handler(adminContract.logout, async ({ res }) => {
      // The route's admin check passed, so a token was sent; were it not, there would be none to revoke.
      const { bearer } = callerFrom(res);
      if (bearer === undefined) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'Admin authentication required');
      await admin.logout(bearer);
      return { success: true };
    }),
    handler(adminContract.readFlags, async () => ({ success: true, flags: await flags.read() })),
    handler(adminContract.setFlag, async ({ body: { feature, enabled } }) => ({ success: true, flags: await flags.set(feature, enabled) })),
  ]);
