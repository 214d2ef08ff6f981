import type { FeatureFlags } from '@shm/contracts';
import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { useFeatureFlags } from '../../features/flags/api/get-feature-flags';
import { ConnectWalletButton, HeaderWallet, PaymentProvider, usePayment } from '../../features/payments';
import { GatedCalculator } from './gated-calculator';

/**
 * The header reads the wallet state: the dashboard hint, with its Connect Wallet button, is for visitors
 * with no wallet connected; under the dashboard flag a connected wallet shows with Disconnect even unpaid (spec §2.1).
 */
function CalculatorHeader({ flags }: { flags: FeatureFlags }) {
  const { state } = usePayment();
  return (
    <AppHeader
      active="calculator"
      showNetworkLink={flags.networkData}
      showCurrency
      showDashboardHint={flags.personalizedDashboard && !state.walletConnected}
      dashboardHintAction={<ConnectWalletButton />}
      actions={<HeaderWallet showWhenConnected={flags.personalizedDashboard} />}
    />
  );
}

/** The main calculator page (spec §2.1); also served for '/calculator' and every unknown path. */
export function CalculatorRoute() {
  const { flags } = useFeatureFlags();
  return (
    <PaymentProvider confettiEnabled={flags.confetti}>
      <PageShell header={<CalculatorHeader flags={flags} />}>
        <GatedCalculator showDashboard shareable />
      </PageShell>
    </PaymentProvider>
  );
}
