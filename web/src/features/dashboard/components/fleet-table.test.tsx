import type { Fleet, FleetRow } from '@shm/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { FleetTable } from './fleet-table';

const NONE = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
const row = (entryId: string, fields: Partial<FleetRow>): FleetRow => ({
  entryId, publicKey: 'a1b2c3d4'.repeat(8), label: '', state: 'standby', timeInStateSeconds: 9 * 86_400,
  days7: { activations: 0, expectedActivations: 1.17, pValue: 0.31 }, days30: { activations: 0, expectedActivations: 5, pValue: 0.0066 },
  unlikelyLuck: true, activeHours: 0, earnedSHM: 0, stakeUSD: 700, costUSD: 35, netUSD: -35, netReturn: -35 / 735, incidents: NONE, health: 100, ...fields,
});
const fleet: Fleet = {
  rows: [
    row('u', {}),
    row('r', {
      label: 'Home', state: 'active', timeInStateSeconds: 3 * 3600, unlikelyLuck: false, days30: { activations: 1, expectedActivations: 1.2, pValue: 0.66 },
      activeHours: 36.33, earnedSHM: 1234.5, netUSD: 273.63, netReturn: 273.63 / 735, incidents: { ...NONE, lost: 1, refuted: 1 }, health: 80,
    }),
    row('x', { state: 'unavailable', timeInStateSeconds: null, unlikelyLuck: false, days7: { activations: 0, expectedActivations: null, pValue: null }, health: null }),
  ],
  totals: {
    nodes: 3, days7: { activations: 0, expectedActivations: 2.34 }, days30: { activations: 1, expectedActivations: 6.2 }, unlikelyLuck: 1,
    activeHours: 36.33, earnedSHM: 1234.5, stakeUSD: 2100, costUSD: 105, netUSD: 203.63, netReturn: 203.63 / 2205, incidents: 2,
  },
  money: { profileName: 'Plan', shmPrice: 0.25, nodeCostPerMonth: 35 },
};
const html = renderToStaticMarkup(<FleetTable fleet={fleet} />);
/** The text of the table row of entry `id` (or of the Σ row), tags removed. */
const rowText = (marker: string) =>
  new RegExp(`${marker}[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1]?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('FleetTable', () => {
  it('when one node is unlikely to be unlucky, one lost and refuted, one unavailable, then each row and the Σ row read in words', () => {
    expect(html).toContain('1 of 3 unlikely to be bad luck');
    // −$35.00 over 735: −4.8 %.
    expect(rowText('data-entry-id="u"')).toBe('Node a1b2c3d4…a1b2c3d4 Standby 9 days 0 of 1.17 0 of 5.00 Unlikely to be luck 0.00 0.00 −$35.00 (−4.8%) 100 no events');
    // 273.63 / 735 = 37.2 %.
    expect(rowText('data-entry-id="r"')).toBe('Home Active 3 h 0 of 1.17 1 of 1.20 36.33 1,234.50 $273.63 (37.2%) 80 lost 1 · refuted 1');
    expect(rowText('data-entry-id="x"')).toBe('Node a1b2c3d4…a1b2c3d4 Status unavailable — 0 (no rate yet) 0 of 5.00 0.00 0.00 −$35.00 (−4.8%) — not known yet');
    // 203.63 / 2205 = 9.2 %.
    expect(rowText('data-testid="fleet-total"')).toBe('Σ 3 nodes — 0 of 2.34 1 of 6.20 36.33 1,234.50 $203.63 (9.2%) 2 events');
    expect(html).toContain('your default profile “Plan”: $0.25 per SHM and $35.00 per node a month');
    expect(html).toContain('Waiting without being picked never lowers it.');
  });

  it('when there is no default profile, then the note says each entry’s price at entry and no running cost were used', () => {
    const plain = renderToStaticMarkup(<FleetTable fleet={{ ...fleet, money: { profileName: null, shmPrice: null, nodeCostPerMonth: 0 } }} />);
    expect(plain).toContain('each entry’s SHM price at entry and no running cost (no default profile)');
  });
});
