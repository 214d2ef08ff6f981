import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { networkDataQueryOptions } from '../../features/network/api/get-network-data';
import { networkHistoryQueryOptions } from '../../features/network/api/get-network-history';
import { NetworkPage } from '../../features/network/components/network-page';
import type { Prefetch } from '../page-route';
import '../../features/network/components/network.css';
import '../../features/network/components/network-parameters.css';

/** The network data page (spec §2.7): both links (Calculator and Network Data) always show here. */
export function Component() {
  return (
    <PageShell header={<AppHeader active="network" showNetworkLink />}>
      <NetworkPage />
    </PageShell>
  );
}

/** The last snapshot and the history card's first range (24 h). */
export const prefetch: Prefetch = ({ queryClient }) =>
  Promise.all([queryClient.query(networkDataQueryOptions()).catch(() => undefined), queryClient.query(networkHistoryQueryOptions('24h')).catch(() => undefined)]);
