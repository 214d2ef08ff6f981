import { AppHeader } from '../../components/layout/app-header';
import { PageShell } from '../../components/layout/page-shell';
import { Calculator } from '../../features/calculator/components/calculator';
import { useFeatureFlags } from '../../features/flags/api/get-feature-flags';

/** The main calculator page (spec §2.1); also served for '/calculator' and every unknown path. */
export function CalculatorRoute() {
  const { flags } = useFeatureFlags();
  return (
    <PageShell
      header={
        <AppHeader active="calculator" showNetworkLink={flags.networkData} showDashboardHint={flags.personalizedDashboard} />
      }
    >
      <Calculator paymentGateEnabled={flags.paymentGate} />
    </PageShell>
  );
}
