import { useQuery } from '@tanstack/react-query';
import { latestFigureChange, RATE_LOCK_RULE, type NetworkChange, type ScenarioSummary } from '@shm/contracts';
import { formatBreakEven, formatPercent, formatShm } from '../../../lib/format';
import { scenarioQueryOptions } from '../api/get-scenario';
import { repricedResultsQueryOptions, useNetworkChanges } from '../api/repriced-scenarios';
import { useDashboard } from '../hooks/dashboard-context';

/** "reward per active hour 10 SHM → 8 SHM from cycle 1000" (and the stake, when it moves). */
export function changeHeadline(change: NetworkChange): string {
  const { before, after } = change;
  if (!before || !after) return 'network parameters changed';
  const parts = [
    before.rewardPerHour !== after.rewardPerHour ? `reward per active hour ${formatShm(before.rewardPerHour, 4)} → ${formatShm(after.rewardPerHour, 4)}` : null,
    before.stakeRequired !== after.stakeRequired ? `stake required ${formatShm(before.stakeRequired, 0)} → ${formatShm(after.stakeRequired, 0)}` : null,
  ].filter(Boolean);
  const when = change.cycle === null ? 'at a cycle not yet named' : `from cycle ${change.cycle}`;
  return `${parts.join(', ')} ${when}`;
}

/** One saved scenario: its saved figures beside the calculator's figures under the change. */
function RepricedRow({ summary, change, address }: { summary: ScenarioSummary; change: NetworkChange; address: string }) {
  const scenario = useQuery(scenarioQueryOptions(address, summary.id));
  const repriced = useQuery(repricedResultsQueryOptions(scenario.data, change, address));
  const saved = scenario.data?.results;
  const now = repriced.data?.results;
  const pair = (old: string | undefined, next: string | undefined) => (
    <>
      <span className="repricing__old">{old ?? '…'}</span>
      <span aria-hidden="true"> → </span>
      <span className="dashboard-sr-only"> now </span>
      <span className="repricing__new">{repriced.isError ? 'not calculated' : (next ?? '…')}</span>
    </>
  );
  return (
    <tr data-testid={`repriced-${summary.id}`}>
      <th scope="row">{summary.scenarioName}</th>
      <td data-testid="repriced-reward">{pair(saved && scenario.data ? formatShm(scenario.data.parameters.rewardPerHour, 4) : undefined, repriced.data ? formatShm(repriced.data.params.rewardPerHour, 4) : undefined)}</td>
      <td data-testid="repriced-net-apy">{pair(saved ? formatPercent(saved.netAPY) : undefined, now ? formatPercent(now.netAPY) : undefined)}</td>
      <td data-testid="repriced-break-even">{pair(saved ? formatBreakEven(saved.breakEven) : undefined, now ? formatBreakEven(now.breakEven) : undefined)}</td>
    </tr>
  );
}

/**
 * When the network changed what the calculator reads (docs/dashboard.md, "Scenarios re-priced"):
 * every saved scenario's yield and break-even as saved and under the change, side by side, with the
 * rate-lock rule.
 */
export function ScenarioRepricing({ scenarios }: { scenarios: ScenarioSummary[] }) {
  const { address } = useDashboard();
  const changes = useNetworkChanges();
  const change = changes.data ? latestFigureChange(changes.data.changes) : undefined;
  if (!change || scenarios.length === 0) return null;
  return (
    <section className="repricing" aria-labelledby="repricing-title" data-testid="scenario-repricing">
      <h3 id="repricing-title" className="repricing__title">
        Network change: {changeHeadline(change)}
      </h3>
      <p className="repricing__note">{RATE_LOCK_RULE}</p>
      <div className="repricing__scroll">
        <table className="repricing__table">
          <caption className="dashboard-sr-only">Saved scenarios as saved and re-priced</caption>
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Reward an hour</th>
              <th scope="col">Net APY</th>
              <th scope="col">Break even</th>
            </tr>
          </thead>
          <tbody>
            {scenarios.map((summary) => (
              <RepricedRow key={summary.id} summary={summary} change={change} address={address} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
