import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { useFeatureFlags } from '../../features/flags/api/get-feature-flags';
import { HeaderWallet, PaymentProvider } from '../../features/payments';
import { GatedCalculator } from './gated-calculator';

/** The main calculator page (spec §2.1); also served for '/calculator' and every unknown path. */
export function CalculatorRoute() {
  const { flags } = useFeatureFlags();
  return (
    <PaymentProvider confettiEnabled={flags.confetti}>
      <PageShell
        header={
          <AppHeader
            active="calculator"
            showNetworkLink={flags.networkData}
            showDashboardHint={flags.personalizedDashboard}
            actions={<HeaderWallet />}
          />
        }
      >
        <GatedCalculator />
      </PageShell>
    </PaymentProvider>
  );
}
