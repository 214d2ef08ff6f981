import type { Router } from 'express';
import { flagsContract } from '@shm/contracts';
import { handler } from '@shm/platform';
import type { FeatureFlagsService } from '../../domain/feature-flags';
import { gatewayRoutes } from './serve';

export const flagsRoutes = (flags: FeatureFlagsService): Router =>
  gatewayRoutes([handler(flagsContract.read, async () => ({ success: true, flags: await flags.read() }))]);
