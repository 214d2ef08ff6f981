import express, { Router, type RequestHandler } from 'express';
import { ErrorCode, adminContract } from '@shm/contracts';
import { AppError, parseWith, mountRoute } from '@shm/platform';
import type { AdminAuth } from '../../domain/admin-auth';
import type { FeatureFlagsService } from '../../domain/feature-flags';
import { callerOf } from './caller';

const json = express.json({ limit: '16kb' });

const requireAdmin: RequestHandler = (_req, res, next) => {
  const caller = callerOf(res);
  if (caller.admin) return next();
  throw new AppError(ErrorCode.UNAUTHORIZED, 401, caller.bearer ? 'Invalid or expired admin token' : 'Admin authentication required');
};

/** Spec §7 admin rows: challenge → verify → bearer token; flags read and changed with the token. */
export function adminRoutes(admin: AdminAuth, flags: FeatureFlagsService): Router {
  const router = Router();

  mountRoute(router, adminContract.challenge, json, async (req, res) => {
    const { walletAddress } = parseWith(adminContract.challenge.body, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(adminContract.challenge.reply.parse(await admin.challenge(walletAddress)));
  });

  mountRoute(router, adminContract.verify, json, async (req, res) => {
    const body = parseWith(adminContract.verify.body, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(adminContract.verify.reply.parse(await admin.verify(body)));
  });

  mountRoute(router, adminContract.logout, requireAdmin, async (_req, res) => {
    await admin.logout(callerOf(res).bearer!);
    res.json(adminContract.logout.reply.parse({ success: true }));
  });

  mountRoute(router, adminContract.readFlags, requireAdmin, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(adminContract.readFlags.reply.parse({ success: true, flags: await flags.read() }));
  });

  mountRoute(router, adminContract.setFlag, requireAdmin, json, async (req, res) => {
    const { feature, enabled } = parseWith(adminContract.setFlag.body, req.body);
    res.json(adminContract.setFlag.reply.parse({ success: true, flags: await flags.set(feature, enabled) }));
  });

  return router;
}
