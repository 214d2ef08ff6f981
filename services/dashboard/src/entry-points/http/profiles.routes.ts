import { Router } from 'express';
import { dashboardContract } from '@shm/contracts';
import { assertSameWallet, parseWith, mountRoute } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';

/** Spec §7 profile calls: list, create, patch, delete. */
export function profilesRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();

  mountRoute(router, dashboardContract.profiles, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(dashboardContract.profiles.query, req.query).walletAddress, wallet, 'walletAddress');
    res.setHeader('Cache-Control', 'no-store');
    res.json(dashboardContract.profiles.reply.parse({ success: true, profiles: await useCases.listProfiles(wallet) }));
  });

  mountRoute(router, dashboardContract.createProfile, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, isDefault, ...fields } = parseWith(dashboardContract.createProfile.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(dashboardContract.createProfile.reply.parse({ success: true, profile: await useCases.createProfile(wallet, fields, isDefault) }));
  });

  mountRoute(router, dashboardContract.updateProfile, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(dashboardContract.updateProfile.pathParams, req.params);
    const { walletAddress, isDefault, ...changes } = parseWith(dashboardContract.updateProfile.body, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(dashboardContract.updateProfile.reply.parse({ success: true, profile: await useCases.updateProfile(wallet, id, changes, isDefault) }));
  });

  mountRoute(router, dashboardContract.deleteProfile, async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(dashboardContract.deleteProfile.pathParams, req.params);
    res.json(dashboardContract.deleteProfile.reply.parse(await useCases.deleteProfile(wallet, id)));
  });

  return router;
}
