import {
  HEALTH_POINTS_PER_INCIDENT,
  LUCK_SIGNIFICANCE,
  NODE_INCIDENT_KINDS,
  type ActivePeriod,
  type Fleet,
  type FleetRow,
  type FleetWindow,
  type InvestmentProfile,
  type NodeIncidentCounts,
  type NodeWindow,
  type PortfolioEntry,
} from '@shm/contracts';
import { countingFrom } from './linked-node';
import { luckPValue } from './luck';

const NO_INCIDENTS: NodeIncidentCounts = { syncTimeouts: 0, lost: 0, refuted: 0, earlyExits: 0, missedRefreshes: 0 };
/** Figures are kept in whole hundredths (cents for USD) so the Σ row adds integers: it is the sum of what the rows show. */
const hundredthsOf = (value: number) => Math.round(value * 100);
const toHundredths = (value: number) => hundredthsOf(value) / 100;
const sumHundredths = (values: number[]) => values.reduce((sum, value) => sum + hundredthsOf(value), 0) / 100;

function windowOf(window: NodeWindow | undefined): FleetWindow {
  if (!window) return { activations: 0, expectedActivations: null, pValue: null };
  return {
    activations: window.activations,
    expectedActivations: window.expectedActivations === null ? null : toHundredths(window.expectedActivations),
    pValue: luckPValue(window.activations, window.standbyCycles, window.selectionRate),
  };
}

/** Hours of the periods after `from` (an open period runs until now). */
function activeHoursSince(periods: readonly ActivePeriod[], from: number, now: number): number {
  let ms = 0;
  for (const period of periods) {
    const end = period.end === null ? now : Date.parse(period.end);
    ms += Math.max(0, end - Math.max(Date.parse(period.start), from));
  }
  return ms / 3_600_000;
}

/** What the money columns price with: the default profile's SHM price and node cost; without one, each entry's price at entry and no cost. */
export function fleetMoneyOf(profile: InvestmentProfile | undefined): Fleet['money'] {
  return profile
    ? { profileName: profile.profileName, shmPrice: profile.preferredShmPrice, nodeCostPerMonth: profile.customNodeCost }
    : { profileName: null, shmPrice: null, nodeCostPerMonth: 0 };
}

/**
 * One linked entry as the fleet table shows it (docs/my-nodes.md, "Fleet view"): its state, both
 * windows with their p-values, the flag, active hours and earned SHM since the entry counts, the
 * money (stake = the entry's investment; cost = node cost per month × the months its expectation
 * covers; net = earned SHM × price − cost; return = net / (stake + cost)) and health.
 */
function rowOf(entry: PortfolioEntry, money: Fleet['money'], now: number): FleetRow {
  const status = entry.node?.status ?? null;
  const windows = status?.windows;
  const days7 = windowOf(windows?.days7);
  const days30 = windowOf(windows?.days30);
  const incidents = windows?.days30.incidents ?? NO_INCIDENTS;
  const count = NODE_INCIDENT_KINDS.reduce((sum, kind) => sum + incidents[kind], 0);
  const cost = money.nodeCostPerMonth * entry.performance.monthsElapsed;
  const earned = entry.node?.earnedSHM ?? 0;
  const stake = entry.actualInvestment;
  const net = earned * (money.shmPrice ?? entry.shmPriceAtEntry) - cost;
  return {
    entryId: entry.id,
    publicKey: entry.nodePublicKey ?? '',
    label: entry.label?.trim() ?? '',
    state: status?.state ?? 'unavailable',
    timeInStateSeconds: entry.node?.timeInStateSeconds ?? null,
    days7,
    days30,
    unlikelyLuck: [days7, days30].some((w) => w.pValue !== null && w.pValue < LUCK_SIGNIFICANCE),
    activeHours: status ? toHundredths(activeHoursSince(status.activePeriods, countingFrom(entry.entryDate, status), now)) : 0,
    earnedSHM: toHundredths(earned),
    stakeUSD: toHundredths(stake),
    costUSD: toHundredths(cost),
    netUSD: toHundredths(net),
    netReturn: stake + cost > 0 ? net / (stake + cost) : null,
    incidents,
    health: windows ? Math.max(0, 100 - HEALTH_POINTS_PER_INCIDENT * count) : null,
  };
}

/** Every linked entry in one table and the Σ row: the sums of the rows' rounded figures. Undefined while none is linked. */
export function fleetOf(entries: readonly PortfolioEntry[], money: Fleet['money'], now: Date): Fleet | undefined {
  const rows = entries.filter((entry) => entry.nodePublicKey).map((entry) => rowOf(entry, money, now.getTime()));
  if (rows.length === 0) return undefined;
  const sum = (pick: (row: FleetRow) => number) => sumHundredths(rows.map(pick));
  const stakeUSD = sum((r) => r.stakeUSD);
  const costUSD = sum((r) => r.costUSD);
  const netUSD = sum((r) => r.netUSD);
  return {
    rows,
    totals: {
      nodes: rows.length,
      days7: { activations: rows.reduce((n, r) => n + r.days7.activations, 0), expectedActivations: sum((r) => r.days7.expectedActivations ?? 0) },
      days30: { activations: rows.reduce((n, r) => n + r.days30.activations, 0), expectedActivations: sum((r) => r.days30.expectedActivations ?? 0) },
      unlikelyLuck: rows.filter((r) => r.unlikelyLuck).length,
      activeHours: sum((r) => r.activeHours),
      earnedSHM: sum((r) => r.earnedSHM),
      stakeUSD,
      costUSD,
      netUSD,
      netReturn: stakeUSD + costUSD > 0 ? netUSD / (stakeUSD + costUSD) : null,
      incidents: rows.reduce((n, r) => n + NODE_INCIDENT_KINDS.reduce((k, kind) => k + r.incidents[kind], 0), 0),
    },
    money,
  };
}
