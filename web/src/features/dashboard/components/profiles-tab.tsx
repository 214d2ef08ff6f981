import { useState } from 'react';
import type { InvestmentProfile } from '@shm/contracts';
import { Button } from 'primereact/button';
import { useDashboard } from '../hooks/dashboard-context';
import { useProfileActions } from '../hooks/use-profile-actions';
import { toProfileFields, valuesFromProfile } from '../utils/profile-form';
import { ConfirmDelete } from './confirm-delete';
import { ProfileDialog } from './profile-dialog';
import { ProfileRow } from './profile-row';
import { QueryState } from './query-state';

/** Spec §2.6 Profiles: the list with the Default badge, Edit, Copy, Delete, and a new profile from the calculator. */
export function ProfilesTab() {
  const { address, profiles, activeProfile, startCreateProfile } = useDashboard();
  const actions = useProfileActions(address);
  const [editing, setEditing] = useState<InvestmentProfile | null>(null);
  const [deleting, setDeleting] = useState<InvestmentProfile | null>(null);
  const list = profiles.data ?? [];
  const busy = actions.update.isPending || actions.remove.isPending || actions.copy.isPending;

  const startEdit = (profile: InvestmentProfile) => {
    actions.update.reset();
    setEditing(profile);
  };

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__toolbar">
        <p className="dashboard-tab__intro">Investment plans you can return to. The default one is active when you arrive.</p>
        <Button type="button" label="Create Profile" icon="pi pi-plus" size="small" onClick={startCreateProfile} />
      </div>
      <QueryState what="profiles" isPending={profiles.isPending} error={profiles.error} onRetry={() => void profiles.refetch()} />
      {profiles.isSuccess && list.length === 0 ? (
        <p className="dashboard-empty">No profiles yet. Create one from the calculator's current inputs.</p>
      ) : null}
      <ul className="dashboard-list" aria-label="Investment profiles">
        {list.map((profile) => (
          <ProfileRow
            key={profile.id}
            profile={profile}
            isActive={profile.id === activeProfile?.id}
            busy={busy}
            onEdit={() => startEdit(profile)}
            onCopy={() => actions.copyProfile(profile)}
            onMakeDefault={() => actions.makeDefault(profile)}
            onDelete={() => setDeleting(profile)}
          />
        ))}
      </ul>
      {editing ? (
        <ProfileDialog
          key={editing.id}
          title="Edit Profile"
          submitLabel="Save Changes"
          initial={valuesFromProfile(editing)}
          pending={actions.update.isPending}
          error={actions.update.error}
          onSubmit={(values) => actions.editProfile(editing.id, toProfileFields(values, { clearNotes: true }), () => setEditing(null))}
          onHide={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          visible
          title="Delete Profile"
          message={<>Delete the profile "{deleting.profileName}"? This cannot be undone.</>}
          note={deleting.isDefault ? defaultNote(list.length > 1) : undefined}
          pending={actions.remove.isPending}
          onConfirm={() => actions.deleteProfile(deleting, list, () => setDeleting(null))}
          onHide={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

/** Spec §5: deleting the default says what happens to the default (the server promotes the most recently updated other). */
const defaultNote = (othersExist: boolean) =>
  othersExist
    ? 'This is your default profile. Your most recently updated other profile will become the default.'
    : 'This is your default profile and your only one: you will have no profile left.';
