import express, { Router, type RequestHandler } from 'express';
import {
  AdminChallengeReplySchema,
  AdminChallengeRequestSchema,
  AdminFlagUpdateRequestSchema,
  AdminFlagsReplySchema,
  AdminVerifyReplySchema,
  AdminVerifyRequestSchema,
  ErrorCode,
  SuccessReplySchema,
} from '@shm/contracts';
import { AppError, parseWith } from '@shm/platform';
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

  router.post('/api/admin/auth/challenge', json, async (req, res) => {
    const { walletAddress } = parseWith(AdminChallengeRequestSchema, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(AdminChallengeReplySchema.parse(await admin.challenge(walletAddress)));
  });

  router.post('/api/admin/auth/verify', json, async (req, res) => {
    const body = parseWith(AdminVerifyRequestSchema, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(AdminVerifyReplySchema.parse(await admin.verify(body)));
  });

  router.post('/api/admin/auth/logout', requireAdmin, async (_req, res) => {
    await admin.logout(callerOf(res).bearer!);
    res.json(SuccessReplySchema.parse({ success: true }));
  });

  router.get('/api/admin/feature-flags', requireAdmin, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(AdminFlagsReplySchema.parse({ success: true, flags: await flags.read() }));
  });

  router.post('/api/admin/feature-flags', requireAdmin, json, async (req, res) => {
    const { feature, enabled } = parseWith(AdminFlagUpdateRequestSchema, req.body);
    res.json(AdminFlagsReplySchema.parse({ success: true, flags: await flags.set(feature, enabled) }));
  });

  return router;
}
