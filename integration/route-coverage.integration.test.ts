import { API_ROUTES, type ServiceName } from '@shm/contracts';
import { registeredRoutes } from '@shm/platform/testing';
import { compose, type Composed } from './support/services';

// Composing payments and the dashboard connects to MongoDB and the chain on a shared, busy machine.
jest.setTimeout(30_000);

/** What the route objects declare for a service (the contracts' own test checks each has its docs entry). */
const declared = (service: ServiceName) =>
  API_ROUTES.filter((r) => r.service === service).map((r) => `${r.method} ${r.path}`).sort();
const apiRoutes = (routes: string[]) => routes.filter((r) => r.split(' ')[1]?.startsWith('/api/'));

/** Every service behind the gateway, composed as it runs. A new service adds its line here, or this test fails. */
const SERVICES: Record<Exclude<ServiceName, 'gateway'>, () => Promise<Composed>> = {
  calc: () => compose.calc({}, { gate: { isOn: () => false } }),
  network: () => compose.network(),
  payments: () => compose.payments({ PAYMENTS_ROLE: 'api' }),
  dashboard: () => compose.dashboard(),
  alerts: () => compose.alerts({ ALERTS_ROLE: 'api' }),
};

describe('Route objects and services agree', () => {
  it('when a route object names a service, then that service answers it, and no service answers anything undeclared under /api', async () => {
    for (const [service, build] of Object.entries(SERVICES)) {
      const composed = await build();
      try {
        expect({ service, routes: apiRoutes(registeredRoutes(composed.app)) }).toEqual({ service, routes: declared(service as ServiceName) });
      } finally {
        await composed.close();
      }
    }
    const services = new Set(API_ROUTES.map((r) => r.service));
    expect([...services].filter((s) => s !== 'gateway' && !(s in SERVICES))).toEqual([]);
  });
});
