import type { ServiceApp } from '@shm/platform';
import type { ServiceName } from '@shm/contracts';
import { testLogger } from '@shm/platform/testing';
import { createApp as createCalcApp } from '../../../calc/src/app';
import { createApp as createDashboardApp } from '../../../dashboard/src/app';
import { createApp as createNetworkApp } from '../../../network/src/app';
import { createApp as createPaymentsApp } from '../../../payments/src/app';

/**
 * Every service behind the gateway, built only to list its routes (never started, so stub
 * dependencies are enough). A new service adds its line here, or the docs-coverage test fails.
 */
export const SERVICE_APPS: Record<Exclude<ServiceName, 'gateway'>, () => ServiceApp> = {
  calc: () => createCalcApp({ logger: testLogger('calc') }),
  network: () =>
    createNetworkApp({
      logger: testLogger('network'),
      snapshots: {} as never,
      prices: {} as never,
      refresh: async () => ({}) as never,
      priceStaleAfterMs: 0,
    }),
  payments: () =>
    createPaymentsApp({
      logger: testLogger('payments'),
      useCases: {} as never,
      statusHub: {} as never,
      walletConfig: {} as never,
      internalSecret: 'unused-in-route-listing',
    }),
  dashboard: () =>
    createDashboardApp({ logger: testLogger('dashboard'), useCases: {} as never, flag: {} as never, internalSecret: 'unused-in-route-listing' }),
};
