import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { NETWORK_ERROR_MESSAGE, useNetworkData } from '../api/get-network-data';
import { useRefreshNetworkData } from '../api/refresh-network-data';
import { NetworkDataView } from './network-data-view';

/** The network data page (spec §2.7): loading, error (or no data) with Retry, loaded. */
export function NetworkPage() {
  const query = useNetworkData();
  const refresh = useRefreshNetworkData();
  // A refetch already under way when the page is taken over shows from the next render (use-hydrated.ts).
  const hydrated = useHydrated();
  const busy = refresh.isPending || (hydrated && query.isFetching);

  return (
    <div className="network-page">
      <div className="network-page__heading">
        <div>
          <h2 className="network-page__title">Shardeum Network Data</h2>
          <p className="network-page__subtitle">
            Live validator statistics from the Shardeum network: node counts, rotation and decentralization.
          </p>
        </div>
        <Button
          type="button"
          label="Refresh"
          icon="pi pi-refresh"
          loading={busy}
          disabled={busy}
          onClick={() => refresh.mutate()}
          outlined
        />
      </div>

      {query.isPending ? (
        <div className="network-page__state" role="status" data-testid="network-loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-label="Loading network data" />
          <p>Loading network data...</p>
        </div>
      ) : query.isError || !query.data ? (
        <div className="network-page__state network-page__state--error" role="alert" data-testid="network-error">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <p>{NETWORK_ERROR_MESSAGE}</p>
          <Button type="button" label="Retry" icon="pi pi-replay" onClick={() => void query.refetch()} loading={query.isFetching} />
        </div>
      ) : (
        <NetworkDataView data={query.data} />
      )}
    </div>
  );
}
