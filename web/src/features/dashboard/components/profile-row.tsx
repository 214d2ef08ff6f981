import type { InvestmentProfile } from '@shm/contracts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { DefaultBadge } from './default-badge';
import { ProfileFacts } from './profile-facts';

interface ProfileRowProps {
  profile: InvestmentProfile;
  isActive: boolean;
  /** A change is under way: the buttons wait. */
  busy: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/** One profile of the Profiles tab: its figures and Edit, Copy, Make Default, Delete (spec §2.6). */
export function ProfileRow({ profile, isActive, busy, onEdit, onCopy, onMakeDefault, onDelete }: ProfileRowProps) {
  return (
    <li className="dashboard-row" data-testid="profile-row" data-profile-id={profile.id}>
      <div className="dashboard-row__head">
        <h4 className="dashboard-row__title" data-testid="profile-name">
          {profile.profileName}
        </h4>
        <div className="dashboard-row__badges">
          {profile.isDefault ? <DefaultBadge /> : null}
          {isActive ? <Tag value="Active" severity="info" /> : null}
        </div>
      </div>
      <ProfileFacts profile={profile} />
      {profile.notes ? <p className="dashboard-row__notes">{profile.notes}</p> : null}
      <div className="dashboard-row__actions">
        <Button type="button" label="Edit" icon="pi pi-pencil" size="small" outlined onClick={onEdit} disabled={busy} />
        <Button type="button" label="Copy" icon="pi pi-copy" size="small" outlined onClick={onCopy} disabled={busy} />
        {profile.isDefault ? null : (
          <Button type="button" label="Make Default" icon="pi pi-star" size="small" outlined onClick={onMakeDefault} disabled={busy} />
        )}
        <Button type="button" label="Delete" icon="pi pi-trash" size="small" outlined severity="danger" onClick={onDelete} disabled={busy} />
      </div>
    </li>
  );
}
