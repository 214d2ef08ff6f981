import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CALCULATOR_DEFAULTS, PROJECTION_DEFAULTS, ZERO_ADDRESS, type EconomicsReply, type ProjectionReply } from '@shm/contracts';
import { startTestServer, testLogger } from '@shm/platform/testing';
import { DEV_INTERNAL_SECRET } from '@shm/platform';
import { createApp } from '../src/app';
import { openAccess } from '../src/domain/access-policy';
import { liveDefaultsState } from '../src/domain/live-defaults';

/** Rows of the worked-example table in docs/methodology.md: `| field | endpoint | value |`; a dotted field is a path. */
function workedExample(): { field: string; endpoint: string; value: string }[] {
  const doc = readFileSync(path.join(__dirname, '../../../docs/methodology.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Worked example'));
  return [...section.matchAll(/^\| ([\w.]+) \| (economics|projections) \| ([^|]+) \|$/gm)].map(([, field = '', endpoint = '', value = '']) => ({
    field,
    endpoint,
    value: value.trim(),
  }));
}

describe('docs/methodology.md worked example', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(createApp({ access: openAccess, liveDefaults: liveDefaultsState() }, { logger: testLogger('calc'), internalSecret: DEV_INTERNAL_SECRET }));
  });
  afterAll(() => server.close());

  it('when the defaults are posted, then every value in the worked example is what the API returns', async () => {
    const d = CALCULATOR_DEFAULTS;
    const replies = {
      economics: (await server.postJson<EconomicsReply>('/api/calculations/economics', { params: d, walletAddress: ZERO_ADDRESS })).body.results,
      projections: (
        await server.postJson<ProjectionReply>('/api/calculations/projections', {
          params: {
            investmentAmount: d.investmentAmount,
            projectionMonths: PROJECTION_DEFAULTS.projectionMonths,
            projectedShmPrice: PROJECTION_DEFAULTS.projectedShmPrice,
            shmPrice: d.shmPrice,
            shmStake: d.shmStake,
            nodeCostPerMonth: d.nodeCostPerMonth,
            rewardPerHour: d.rewardPerHour,
            totalNodes: d.totalNodes,
            activeCommunityNodes: d.activeCommunityNodes,
            standbyNodes: d.standbyNodes,
          },
          walletAddress: ZERO_ADDRESS,
        })
      ).body.results,
    };
    const rows = workedExample();
    expect(rows.length).toBeGreaterThanOrEqual(50);
    for (const row of rows) {
      // A dotted path into the reply's JSON (`riskBands.monthlySHM.p10`).
      const actual = row.field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], replies[row.endpoint as keyof typeof replies]);
      if (row.value === 'true' || row.value === 'false') {
        expect({ field: row.field, value: actual }).toEqual({ field: row.field, value: row.value === 'true' });
      } else if (Number.isNaN(Number(row.value))) {
        expect({ field: row.field, value: actual }).toEqual({ field: row.field, value: row.value });
      } else {
        expect({ field: row.field, value: Math.round(Number(actual) * 1e4) / 1e4 }).toEqual({ field: row.field, value: Number(row.value) });
      }
    }
  });
});
