import type { PortfolioFields, ProfileFields } from '@shm/contracts';
import { createDestination, deleteDestination, listAlerts, testDestination, type NewDestination } from './alerts';
import { createProfile } from './create-profile';
import { listProfiles } from './default-profile';
import { deleteProfile } from './delete-profile';
import type { DashboardDomain } from './deps';
import { createPortfolioEntry, deletePortfolioEntry, listPortfolio, updatePortfolioEntry } from './portfolio';
import { deleteScenario, getScenario, renameScenario, saveScenario, type NewScenario } from './scenarios';
import { updateProfile } from './update-profile';

/** The use cases the HTTP entry points call, bound to their dependencies; `wallet` is always the signed-in one. */
export function dashboardUseCases(d: DashboardDomain) {
  return {
    listProfiles: (wallet: string) => listProfiles(d, wallet),
    createProfile: (wallet: string, fields: ProfileFields, isDefault?: boolean) => createProfile(d, wallet, fields, isDefault),
    updateProfile: (wallet: string, id: string, changes: Partial<ProfileFields>, isDefault?: boolean) => updateProfile(d, wallet, id, changes, isDefault),
    deleteProfile: (wallet: string, id: string) => deleteProfile(d, wallet, id),
    listPortfolio: (wallet: string) => listPortfolio(d, wallet),
    createPortfolioEntry: (wallet: string, fields: PortfolioFields) => createPortfolioEntry(d, wallet, fields),
    updatePortfolioEntry: (wallet: string, id: string, changes: Partial<PortfolioFields>) => updatePortfolioEntry(d, wallet, id, changes),
    deletePortfolioEntry: (wallet: string, id: string) => deletePortfolioEntry(d, wallet, id),
    listScenarios: (wallet: string) => d.scenarios.list(wallet),
    saveScenario: (wallet: string, input: NewScenario) => saveScenario(d, wallet, input),
    getScenario: (wallet: string, id: string) => getScenario(d, wallet, id),
    renameScenario: (wallet: string, id: string, name: string) => renameScenario(d, wallet, id, name),
    deleteScenario: (wallet: string, id: string) => deleteScenario(d, wallet, id),
    listAlerts: (wallet: string) => listAlerts(d, wallet),
    createDestination: (wallet: string, input: NewDestination) => createDestination(d, wallet, input),
    deleteDestination: (wallet: string, id: string) => deleteDestination(d, wallet, id),
    testDestination: (wallet: string, id: string) => testDestination(d, wallet, id),
  };
}
export type DashboardUseCases = ReturnType<typeof dashboardUseCases>;
