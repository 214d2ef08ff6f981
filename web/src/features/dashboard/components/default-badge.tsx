import { Tag } from 'primereact/tag';

/** The Default badge (spec §2.6). */
export const DefaultBadge = () => (
  <span data-testid="default-badge" className="dashboard-badge">
    <Tag value="Default" severity="success" icon="pi pi-star-fill" />
  </span>
);
