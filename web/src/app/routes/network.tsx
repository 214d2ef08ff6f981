import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { NetworkPage } from '../../features/network/components/network-page';
import '../../features/network/components/network.css';

/** The network data page (spec §2.7): both links (Calculator and Network Data) always show here. */
export function NetworkRoute() {
  return (
    <PageShell header={<AppHeader active="network" showNetworkLink />}>
      <NetworkPage />
    </PageShell>
  );
}
