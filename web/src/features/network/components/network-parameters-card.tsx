import { movesFigures, RATE_LOCK_RULE, type NetworkChange, type NetworkFigures, type ParamValue, type WatchedValues } from '@shm/contracts';
import { Card } from 'primereact/card';
import { formatNumber, formatShm } from '../../../lib/format';
import { useNetworkChanges } from '../api/get-network-changes';

const raw = (value: ParamValue | undefined) => (value === undefined ? '—' : typeof value === 'number' ? formatNumber(value, 8) : String(value));

/** The SHM the calculator reads beside the raw values they come from: amount × mul / div (per hour for the reward). */
function shmRows(values: WatchedValues, figures: NetworkFigures | undefined) {
  const factor = `× ${raw(values.stabilityScaleMul)} / ${raw(values.stabilityScaleDiv)}`;
  return [
    ['Reward per active hour', figures ? formatShm(figures.rewardPerHour, 4) : '—', `nodeRewardAmountUsd ${raw(values.nodeRewardAmountUsd)} per ${raw(values.nodeRewardInterval)} ms ${factor}`],
    ['Stake required', figures ? formatShm(figures.stakeRequired, 0) : '—', `stakeRequiredUsd ${raw(values.stakeRequiredUsd)} ${factor}`],
    ['Minimum version', raw(values.minVersion), `activeVersion ${raw(values.activeVersion)}, latestVersion ${raw(values.latestVersion)}, archiver ${raw(values['archiver.minVersion'])}`],
  ] as const;
}

const changeText = (change: NetworkChange) =>
  change.changes.map((c) => `${c.parameter} ${c.from === null ? '' : `${raw(c.from)} → `}${raw(c.to)}`).join(', ');

/** What a change does to the calculator's figures: only those that move. */
function figuresText(before: NetworkFigures, after: NetworkFigures) {
  return [
    before.rewardPerHour !== after.rewardPerHour ? `reward ${formatShm(before.rewardPerHour, 4)} → ${formatShm(after.rewardPerHour, 4)} an hour` : null,
    before.stakeRequired !== after.stakeRequired ? `stake ${formatShm(before.stakeRequired, 0)} → ${formatShm(after.stakeRequired, 0)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The network account's parameters in force, raw beside their SHM, and their latest changes (docs/network-data.md, "Network watch"). */
export function NetworkParametersCard() {
  const { data } = useNetworkChanges();
  if (!data?.current) return null;
  const { values, figures, cycle } = data.current;
  return (
    <Card title="Network Parameters" subTitle={`In force at cycle ${cycle}: the SHM figures and the raw values they come from`} className="network-card">
      <table className="data-table network-parameters" data-testid="network-parameters">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Value</th>
            <th scope="col">Raw</th>
          </tr>
        </thead>
        <tbody>
          {shmRows(values, figures).map(([label, value, source]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
              <td>
                <code>{source}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.changes.length ? (
        <>
          <h3 className="network-card__subheading">Latest changes</h3>
          <ul className="network-changes" data-testid="network-changes">
            {data.changes.map((change) => (
              <li key={change.id}>
                {change.cycle === null ? 'Next' : `Cycle ${change.cycle}`} ({change.status === 'announced' ? 'announced' : 'in force'}): <code>{changeText(change)}</code>
                {movesFigures(change) ? ` — ${figuresText(change.before, change.after)}` : ''}
              </li>
            ))}
          </ul>
          <p className="network-card__note">{RATE_LOCK_RULE}</p>
        </>
      ) : null}
    </Card>
  );
}
