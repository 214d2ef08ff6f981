import { useMemo, useState } from 'react';
import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { Card } from 'primereact/card';
import { TabPanel, TabView } from 'primereact/tabview';
import { useToast } from '../../../components/toast/toast-context';
import { shortenAddress } from '../../../lib/format';
import { useProfiles } from '../api/get-profiles';
import { DashboardContext, type DashboardContextValue } from '../hooks/dashboard-context';
import { noDataToast } from '../hooks/texts';
import { pickActiveProfile } from '../utils/active-profile';
import { DashboardDialogs, type OpenDialog } from './dashboard-dialogs';
import { OverviewTab } from './overview-tab';
import { PortfolioTab } from './portfolio-tab';
import { ProfilesTab } from './profiles-tab';
import { ScenariosTab } from './scenarios-tab';
import './dashboard.css';
// The fleet table's styles (issue 35), in this lazily loaded chunk with the rest.
import './fleet.css';
import './scenario-repricing.css';

export interface PersonalDashboardProps {
  /** The connected, signed-in wallet; every call acts for it (the session cookie decides). */
  walletAddress: string;
  params: CalculatorParams;
  results: EconomicsResults;
  isCalculating: boolean;
  loadParams: (params: CalculatorParams) => void;
}

/** Spec §2.6: the personalised dashboard and its four tabs (alerts live in the Portfolio tab, beside the nodes they follow), shown with the results when the flag is on and a wallet is connected. */
export function PersonalDashboard({ walletAddress, params, results, isCalculating, loadParams }: PersonalDashboardProps) {
  const { showToast } = useToast();
  const profiles = useProfiles(walletAddress);
  const [tab, setTab] = useState(0);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const activeProfile = pickActiveProfile(profiles.data, chosenId);

  const value = useMemo<DashboardContextValue>(() => {
    // Results of earlier parameters (still on screen while new ones calculate) are not "current" (spec §5).
    const snapshot = () => (isCalculating ? null : { params, results });
    return {
      address: walletAddress,
      params,
      results,
      isCalculating,
      loadParams,
      profiles,
      activeProfile,
      setActiveProfileId: setChosenId,
      startCreateProfile: () => {
        const current = snapshot();
        if (current) setDialog({ kind: 'create-profile', ...current });
        else showToast(noDataToast);
      },
      startSaveScenario: () => {
        const current = snapshot();
        if (current) setDialog({ kind: 'save-scenario', ...current });
        else showToast(noDataToast);
      },
    };
  }, [walletAddress, params, results, isCalculating, loadParams, profiles, activeProfile, showToast]);

  return (
    <DashboardContext.Provider value={value}>
      <Card
        className="results-card dashboard"
        data-testid="dashboard"
        title="Your Dashboard"
        subTitle={`Profiles, portfolio, saved scenarios and node alerts of ${shortenAddress(walletAddress)}.`}
      >
        <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className="dashboard-tabs">
          <TabPanel header="Overview" leftIcon="pi pi-home">
            <OverviewTab />
          </TabPanel>
          <TabPanel header="Profiles" leftIcon="pi pi-user">
            <ProfilesTab />
          </TabPanel>
          <TabPanel header="Portfolio" leftIcon="pi pi-briefcase">
            <PortfolioTab />
          </TabPanel>
          <TabPanel header="Scenarios" leftIcon="pi pi-bookmark">
            <ScenariosTab />
          </TabPanel>
        </TabView>
      </Card>
      <DashboardDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </DashboardContext.Provider>
  );
}
