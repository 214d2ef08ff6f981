import { Router } from 'express';
import { z } from 'zod';
import {
  CreateProfileRequestSchema,
  DeleteProfileReplySchema,
  ProfileReplySchema,
  ProfilesReplySchema,
  UpdateProfileRequestSchema,
  WalletAddressSchema,
} from '@shm/contracts';
import { assertSameWallet, parseWith } from '@shm/platform';
import type { DashboardUseCases } from '../../domain/use-cases';
import { dashboardCaller, type CallerCheck } from './caller';

const ListQuerySchema = z.object({ walletAddress: WalletAddressSchema.optional() });
const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

/** Spec §7 profile calls: list, create, patch, delete. */
export function profilesRoutes(useCases: DashboardUseCases, check: CallerCheck): Router {
  const router = Router();

  router.get('/api/dashboard/profiles', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    assertSameWallet(parseWith(ListQuerySchema, req.query).walletAddress, wallet, 'walletAddress');
    res.setHeader('Cache-Control', 'no-store');
    res.json(ProfilesReplySchema.parse({ success: true, profiles: await useCases.listProfiles(wallet) }));
  });

  router.post('/api/dashboard/profiles', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { walletAddress, isDefault, ...fields } = parseWith(CreateProfileRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.status(201).json(ProfileReplySchema.parse({ success: true, profile: await useCases.createProfile(wallet, fields, isDefault) }));
  });

  router.patch('/api/dashboard/profiles/:id', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(IdParamSchema, req.params);
    const { walletAddress, isDefault, ...changes } = parseWith(UpdateProfileRequestSchema, req.body);
    assertSameWallet(walletAddress, wallet, 'walletAddress');
    res.json(ProfileReplySchema.parse({ success: true, profile: await useCases.updateProfile(wallet, id, changes, isDefault) }));
  });

  router.delete('/api/dashboard/profiles/:id', async (req, res) => {
    const wallet = dashboardCaller(req, check);
    const { id } = parseWith(IdParamSchema, req.params);
    res.json(DeleteProfileReplySchema.parse(await useCases.deleteProfile(wallet, id)));
  });

  return router;
}
