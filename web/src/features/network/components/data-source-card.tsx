import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { describeSource } from '../utils/source-label';
import { ArchiverCheck } from './archiver-check';
import { ProvenanceList } from './provenance-list';

export const formatUpdated = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
};

/** Where the numbers come from: friendly name, description, each group's origin and age, how far the archivers agree, Estimated or Authoritative (and Single source), last update. */
export function DataSourceCard({ data }: { data: NetworkData }) {
  const { name, description } = describeSource(data.source);
  return (
    <Card className="network-source" data-testid="network-source">
      <div className="network-source__row">
        <span className="network-source__icon" aria-hidden="true">
          <i className="pi pi-database" />
        </span>
        <div className="network-source__text">
          <p className="network-source__label">Data source</p>
          <h3 className="network-source__name" data-testid="network-source-name">
            {name}
          </h3>
          <p className="network-source__description">{description}</p>
          {data.provenance ? <ProvenanceList provenance={data.provenance} /> : null}
          {data.archivers ? <ArchiverCheck check={data.archivers} /> : null}
        </div>
        <div className="network-source__meta">
          <Tag
            data-testid="network-source-badge"
            value={data.isEstimate ? 'Estimated' : 'Authoritative'}
            severity={data.isEstimate ? 'warning' : 'success'}
            icon={data.isEstimate ? 'pi pi-info-circle' : 'pi pi-verified'}
          />
          {data.archivers?.agreement === 'single source' ? (
            <Tag data-testid="network-single-source" value="Single source" severity="warning" icon="pi pi-exclamation-triangle" />
          ) : null}
          <p className="network-source__updated">
            Last updated: <time dateTime={data.lastUpdated}>{formatUpdated(data.lastUpdated)}</time>
          </p>
        </div>
      </div>
    </Card>
  );
}
