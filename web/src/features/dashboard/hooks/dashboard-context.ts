import { createContext, useContext } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CalculatorParams, EconomicsResults, InvestmentProfile } from '@shm/contracts';

/** What every tab needs: the wallet, the calculator's current state, the profiles and the shared dialogs. */
export interface DashboardContextValue {
  address: string;
  params: CalculatorParams;
  results: EconomicsResults;
  /** New parameters are being calculated: `results` still belong to the previous ones. */
  isCalculating: boolean;
  loadParams: (params: CalculatorParams) => void;
  profiles: UseQueryResult<InvestmentProfile[]>;
  activeProfile: InvestmentProfile | null;
  setActiveProfileId: (id: string) => void;
  /** Opens the Create Profile dialog prefilled from the calculator, or says 'No Data Available'. */
  startCreateProfile: () => void;
  /** Opens the Save Scenario dialog, or says 'No Data Available'. */
  startSaveScenario: () => void;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard must be used inside <PersonalDashboard>');
  return value;
}
