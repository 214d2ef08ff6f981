import type { Fleet, FleetRow, FleetWindow, NodeIncidentCounts } from '@shm/contracts';
import { Tag } from 'primereact/tag';
import { formatElapsed, shortenKey } from '../utils/node-state';
import { NodeStateBadge } from './node-state-badge';

/** Exactly two decimals: the Σ row adds the figures the rows show, so both are shown alike. */
const two = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd = (value: number) => `${value < 0 ? '−' : ''}$${two(Math.abs(value))}`;
const percent = (ratio: number | null) => (ratio === null ? '—' : `${ratio < 0 ? '−' : ''}${Math.abs(ratio * 100).toFixed(1)}%`);

const INCIDENT_WORDS: [keyof NodeIncidentCounts, string][] = [
  ['syncTimeouts', 'sync timed out'],
  ['lost', 'lost'],
  ['refuted', 'refuted'],
  ['earlyExits', 'early exit'],
  ['missedRefreshes', 'missed refresh'],
];
/** "lost 1 · refuted 1", or "no events". */
const incidentText = (incidents: NodeIncidentCounts) =>
  INCIDENT_WORDS.filter(([kind]) => incidents[kind] > 0)
    .map(([kind, words]) => `${words} ${incidents[kind]}`)
    .join(' · ') || 'no events';

/** "0 of 5.00 expected"; "2 (none expected yet)" while the rate or the standby time is unknown. */
const activationsText = (window: FleetWindow) =>
  window.expectedActivations === null ? `${window.activations} (no rate yet)` : `${window.activations} of ${two(window.expectedActivations)}`;

const nodeName = (row: FleetRow) => row.label || `Node ${shortenKey(row.publicKey)}`;

function Row({ row }: { row: FleetRow }) {
  return (
    <tr data-testid="fleet-row" data-entry-id={row.entryId} data-flagged={row.unlikelyLuck ? 'true' : 'false'}>
      <th scope="row" className="fleet__head">
        <div className="fleet__node">
          <span className="fleet__name">{nodeName(row)}</span>
          {row.state === 'unavailable' ? <span className="fleet__muted">Status unavailable</span> : <NodeStateBadge state={row.state} />}
        </div>
      </th>
      <td data-label="In state">{row.timeInStateSeconds === null ? '—' : formatElapsed(row.timeInStateSeconds)}</td>
      <td data-label="Activations 7 d">{activationsText(row.days7)}</td>
      <td data-label="Activations 30 d" data-testid="fleet-30d">
        {activationsText(row.days30)}
        {row.unlikelyLuck ? (
          <span className="fleet__flag" data-testid="fleet-flag">
            <Tag value="Unlikely to be luck" icon="pi pi-exclamation-triangle" severity="warning" />
          </span>
        ) : null}
      </td>
      <td data-label="Active hours">{two(row.activeHours)}</td>
      <td data-label="SHM earned" data-testid="fleet-shm">{two(row.earnedSHM)}</td>
      <td data-label="Net (return)" data-testid="fleet-net">
        {usd(row.netUSD)} <span className="fleet__muted">({percent(row.netReturn)})</span>
      </td>
      <td data-label="Health" data-testid="fleet-health">
        {row.health === null ? '—' : row.health} <span className="fleet__muted">{row.health === null ? 'not known yet' : incidentText(row.incidents)}</span>
      </td>
    </tr>
  );
}

/**
 * Every linked node in one table with a Σ row (issue 35, docs/my-nodes.md "Fleet view"). Below
 * 640 px of panel width (40rem) each row becomes a card of label–value pairs, so a phone never scrolls sideways.
 */
export function FleetTable({ fleet }: { fleet: Fleet }) {
  const { totals, money } = fleet;
  const priced = money.shmPrice === null ? 'each entry’s SHM price at entry and no running cost (no default profile)' : `your default profile “${money.profileName ?? ''}”: $${money.shmPrice} per SHM and ${usd(money.nodeCostPerMonth)} per node a month`;
  return (
    <section className="dashboard-panel fleet" aria-labelledby="fleet-title" data-testid="fleet">
      <div className="dashboard-panel__head">
        <h3 id="fleet-title" className="dashboard-panel__title">
          Fleet at a Glance
        </h3>
        <span className="fleet__muted" data-testid="fleet-flagged">
          {totals.unlikelyLuck === 0 ? 'No node looks broken' : `${totals.unlikelyLuck} of ${totals.nodes} unlikely to be bad luck`}
        </span>
      </div>
      <table className="fleet__table">
        <caption className="dashboard-sr-only">Every linked node with its activations against what chance expects, earnings and health; the last row adds them up.</caption>
        <thead>
          <tr>
            <th scope="col">Node</th>
            <th scope="col">In state</th>
            <th scope="col">Activations 7 d</th>
            <th scope="col">Activations 30 d</th>
            <th scope="col">Active hours</th>
            <th scope="col">SHM earned</th>
            <th scope="col">Net (return)</th>
            <th scope="col">Health</th>
          </tr>
        </thead>
        <tbody>
          {fleet.rows.map((row) => (
            <Row key={row.entryId} row={row} />
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="fleet-total">
            <th scope="row" className="fleet__head">
              <span className="fleet__name">Σ {totals.nodes} nodes</span>
            </th>
            <td data-label="In state">—</td>
            <td data-label="Activations 7 d">{`${totals.days7.activations} of ${two(totals.days7.expectedActivations)}`}</td>
            <td data-label="Activations 30 d" data-testid="fleet-total-30d">{`${totals.days30.activations} of ${two(totals.days30.expectedActivations)}`}</td>
            <td data-label="Active hours">{two(totals.activeHours)}</td>
            <td data-label="SHM earned" data-testid="fleet-total-shm">{two(totals.earnedSHM)}</td>
            <td data-label="Net (return)" data-testid="fleet-total-net">
              {usd(totals.netUSD)} <span className="fleet__muted">({percent(totals.netReturn)})</span>
            </td>
            <td data-label="Health">{`${totals.incidents} ${totals.incidents === 1 ? 'event' : 'events'}`}</td>
          </tr>
        </tfoot>
      </table>
      <div className="fleet__notes" data-testid="fleet-notes">
        <p>
          <strong>Activations “0 of 5.00”:</strong> how often the node went active, against how often a node that waited as long on the standby list would
          be picked at the rate the network picked standby nodes over the same days. <strong>Unlikely to be luck</strong> means so few activations happen by
          chance less than once in 100 times: check the node’s version, its standby refresh and its sync.
        </p>
        <p>
          <strong>Health</strong> starts at 100 and loses 10 for each event of the last 30 days that is not chance: a sync that timed out, being reported
          lost, refuting, an early exit, a missed standby refresh. Waiting without being picked never lowers it.
        </p>
        <p>
          <strong>Net (return):</strong> SHM earned × price − running costs since the entry’s date, and that against the entry’s investment plus those
          costs; priced with {priced}.
        </p>
      </div>
    </section>
  );
}
