import type { Express } from 'express';
import type { ServiceName } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import { createApp as createCalcApp } from '../../../calc/src/app';

/**
 * Every service behind the gateway, built only to list its routes (never started, so stub
 * dependencies are enough). A new service adds its line here, or the docs-coverage test fails.
 */
export const SERVICE_APPS: Record<Exclude<ServiceName, 'gateway'>, () => Express> = {
  calc: () => createCalcApp({ logger: testLogger('calc') }),
};
