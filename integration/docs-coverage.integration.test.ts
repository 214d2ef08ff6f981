import { API_ENDPOINTS, type ServiceName } from '@shm/contracts';
import { registeredRoutes } from '@shm/platform/testing';
import { compose, type Composed } from './support/services';

// Composing payments and the dashboard connects to MongoDB and the chain on a shared, busy machine.
jest.setTimeout(30_000);

const documented = (service: ServiceName) =>
  API_ENDPOINTS.filter((e) => e.service === service).map((e) => `${e.method} ${e.path}`).sort();
const apiRoutes = (routes: string[]) => routes.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

/** Every service behind the gateway, composed as it runs. A new service adds its line here, or this test fails. */
const SERVICES: Record<Exclude<ServiceName, 'gateway'>, () => Promise<Composed>> = {
  calc: () => compose.calc({}, { gate: { isOn: () => false } }),
  network: () => compose.network(),
  payments: () => compose.payments({ PAYMENTS_ROLE: 'api' }),
  dashboard: () => compose.dashboard(),
};

describe('API documentation covers every service', () => {
  it('when a route exists in a service, then it has a docs entry, and every entry is a route', async () => {
    for (const [service, build] of Object.entries(SERVICES)) {
      const composed = await build();
      try {
        expect({ service, routes: apiRoutes(registeredRoutes(composed.app)) }).toEqual({ service, routes: documented(service as ServiceName) });
      } finally {
        await composed.close();
      }
    }
    const services = new Set(API_ENDPOINTS.map((e) => e.service));
    expect([...services].filter((s) => s !== 'gateway' && !(s in SERVICES))).toEqual([]);
  });
});
