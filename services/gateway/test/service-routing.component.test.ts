import { dashboardContract, pathOf } from '@shm/contracts';
import { listen, type RunningServer } from '@shm/platform';
import { startGateway, type TestGateway } from './support/gateway';

// The alert routes live under the dashboard's prefix but are the alerts service's: the gateway sends
// /api/dashboard/alerts… to ALERTS_URL and the rest of /api/dashboard to DASHBOARD_URL.
let gateway: TestGateway;
const upstreams: Record<string, RunningServer> = {};
let reached: string[] = [];

beforeAll(async () => {
  for (const name of ['dashboard', 'alerts']) {
    upstreams[name] = await listen((req, res) => {
      reached.push(`${name} ${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    }, 0);
  }
  gateway = await startGateway({ DASHBOARD_URL: upstreams.dashboard?.url ?? '', ALERTS_URL: upstreams.alerts?.url ?? '' });
});
beforeEach(() => {
  reached = [];
});
afterAll(async () => {
  await gateway.close();
  for (const upstream of Object.values(upstreams)) await upstream.close();
});

describe('which service the gateway sends a dashboard path to', () => {
  it('when an alert route is called, then the alerts service gets it; a profile, portfolio or scenario route goes to the dashboard', async () => {
    const calls: [string, string][] = [
      ['GET', dashboardContract.alerts.path],
      ['POST', dashboardContract.createDestination.path],
      ['DELETE', pathOf(dashboardContract.deleteDestination, { id: 'd1' })],
      ['POST', pathOf(dashboardContract.testDestination, { id: 'd1' })],
      ['GET', dashboardContract.profiles.path],
      ['GET', pathOf(dashboardContract.portfolio, { address: '0xabc' })],
      ['DELETE', pathOf(dashboardContract.deleteScenario, { address: '0xabc', scenarioId: 's1' })],
    ];
    for (const [method, path] of calls) {
      const res = await fetch(`${gateway.url}${path}`, {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json', origin: 'http://localhost:8080' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    expect(reached).toEqual([
      'alerts GET /api/dashboard/alerts',
      'alerts POST /api/dashboard/alerts/destinations',
      'alerts DELETE /api/dashboard/alerts/destinations/d1',
      'alerts POST /api/dashboard/alerts/destinations/d1/test',
      'dashboard GET /api/dashboard/profiles',
      'dashboard GET /api/dashboard/portfolio/0xabc',
      'dashboard DELETE /api/dashboard/scenarios/0xabc/s1',
    ]);
  });

  it('when a path only looks like the alerts prefix (/api/dashboard/alertsx), then the alerts service does not get it', async () => {
    await fetch(`${gateway.url}/api/dashboard/alertsx`);
    expect(reached.filter((line) => line.startsWith('alerts'))).toEqual([]);
  });
});
