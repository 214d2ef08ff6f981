import type { FeatureFlags } from '@shm/contracts';
import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { prefetchCalculation } from '../../features/calculator/api/prefetch-calculation';
import { walletConnectConfigQueryOptions } from '../../features/payments/api/payment-api';
import { featureFlagsQueryOptions, useFeatureFlags } from '../../features/flags/api/get-feature-flags';
import { ConnectWalletButton, HeaderWallet, PaymentProvider, usePayment } from '../../features/payments';
import type { Prefetch } from '../page-route';
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

/**
 * The flags (the payment gate decides whether anything is calculated: nothing without a paid
 * session, which the server never has), the live values and the price, then the calculation for
 * the address's inputs: a shared link's results are in the page's first HTML. The payment
 * provider's configuration too, so its arrival does not render the page again after the takeover.
 */
export const prefetch: Prefetch = ({ queryClient, url }) => {
  const flags = queryClient.query(featureFlagsQueryOptions());
  return Promise.all([
    queryClient.query(walletConnectConfigQueryOptions()).catch(() => undefined),
    prefetchCalculation(queryClient, { search: url.search, calculate: flags.then((read) => !read.paymentGate) }),
  ]);
};
