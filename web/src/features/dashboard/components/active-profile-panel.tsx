import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useToast } from '../../../components/toast/toast-context';
import { useDashboard } from '../hooks/dashboard-context';
import { paramsFromProfile } from '../utils/profile-form';
import { DefaultBadge } from './default-badge';
import { ProfileFacts } from './profile-facts';
import { QueryState } from './query-state';

/** Spec §2.6 Overview 'active profile': the default unless another is picked for this visit. */
export function ActiveProfilePanel() {
  const { profiles, activeProfile, setActiveProfileId, params, loadParams } = useDashboard();
  const { showToast } = useToast();
  const list = profiles.data ?? [];

  const apply = () => {
    if (!activeProfile) return;
    loadParams(paramsFromProfile(activeProfile, params));
    showToast({ severity: 'info', summary: 'Profile Applied', detail: `The calculator now uses "${activeProfile.profileName}".` });
  };

  return (
    <section className="dashboard-panel" aria-labelledby="dashboard-active-title" data-testid="active-profile">
      <div className="dashboard-panel__head">
        <h3 id="dashboard-active-title" className="dashboard-panel__title">
          Active Profile
        </h3>
        {list.length > 1 && activeProfile ? (
          <Dropdown
            value={activeProfile.id}
            options={list.map((p) => ({ value: p.id, label: p.isDefault ? `${p.profileName} (Default)` : p.profileName }))}
            onChange={(e) => setActiveProfileId(String(e.value))}
            aria-label="Active profile"
            className="dashboard-panel__picker"
            data-testid="active-profile-picker"
          />
        ) : null}
      </div>
      <QueryState what="profiles" isPending={profiles.isPending} error={profiles.error} onRetry={() => void profiles.refetch()} />
      {profiles.isSuccess && !activeProfile ? (
        <p className="dashboard-empty">No profile yet. Create one to keep the calculator's current investment inputs as a plan.</p>
      ) : null}
      {activeProfile ? (
        <>
          <div className="dashboard-row__head">
            <h4 className="dashboard-row__title" data-testid="active-profile-name">
              {activeProfile.profileName}
            </h4>
            {activeProfile.isDefault ? <DefaultBadge /> : null}
          </div>
          <ProfileFacts profile={activeProfile} />
          <div className="dashboard-row__actions">
            <Button type="button" label="Apply to Calculator" icon="pi pi-sign-in" size="small" outlined onClick={apply} />
          </div>
        </>
      ) : null}
    </section>
  );
}
