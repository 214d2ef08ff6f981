import { useId, useState } from 'react';
import { HISTORY_RANGES, type HistoryRange } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useNetworkHistory } from '../api/get-network-history';
import { HistoryChart } from './history-chart';

const RANGE_LABELS: Record<HistoryRange, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d' };

/** Node counts and the SHM price over the last day, week or month, from the snapshots the service keeps. */
export function HistoryCard() {
  const [range, setRange] = useState<HistoryRange>('24h');
  const query = useNetworkHistory(range);
  const reply = query.data;

  // A failed refetch keeps the charts it has; only a range that never loaded shows the failure.
  const failed = query.isError && !reply;
  const status = (retry: boolean) =>
    query.isPending ? (
      <div className="history__state" role={retry ? 'status' : undefined}>
        <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-label="Loading history" />
        <span>Loading history...</span>
      </div>
    ) : failed ? (
      // One alert and one Retry for the card, though both charts say it failed.
      <div className="history__state history__state--error" role={retry ? 'alert' : undefined}>
        <span>Failed to load the history.</span>
        {retry ? <Button type="button" label="Retry" icon="pi pi-replay" size="small" onClick={() => void query.refetch()} loading={query.isFetching} /> : null}
      </div>
    ) : undefined;

  return (
    <Card title="History" subTitle="Node counts and the SHM price over time" className="network-card" data-testid="network-history">
      <RangeSwitch value={range} onChange={setRange} />
      {/* Only a chart kept from the previous range is dimmed; the loading text itself keeps full contrast. */}
      <div className={query.isPlaceholderData ? 'history__charts history__charts--stale' : 'history__charts'} aria-busy={query.isPlaceholderData || query.isPending}>
        <HistoryChart
          kind="nodes"
          testId="history-nodes"
          title="Nodes"
          description="Active validators, nodes in standby and active community slots (averages per interval)."
          reply={reply}
          status={status(true)}
        />
        <HistoryChart
          kind="price"
          testId="history-price"
          title="SHM price"
          description="The SHM price in US dollars (average per interval)."
          reply={reply}
          status={status(false)}
        />
      </div>
    </Card>
  );
}

function RangeSwitch({ value, onChange }: { value: HistoryRange; onChange: (range: HistoryRange) => void }) {
  const name = useId();
  return (
    <fieldset className="range-switch" data-testid="history-range">
      <legend className="range-switch__legend">Range</legend>
      {HISTORY_RANGES.map((range) => (
        <label key={range} className="range-switch__option">
          <input type="radio" name={name} value={range} checked={value === range} onChange={() => onChange(range)} />
          <span>{RANGE_LABELS[range]}</span>
        </label>
      ))}
    </fieldset>
  );
}
