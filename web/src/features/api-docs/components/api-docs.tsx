import { useState } from 'react';
import type { EndpointDocEntry } from '@shm/contracts';
import { Card } from 'primereact/card';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useEndpoints } from '../api/get-endpoints';
import { CopyButton } from './copy-button';
import { EndpointRow } from './endpoint-row';
import { ApiOverview } from './overview';
import './api-docs.css';
import { usePageOrigin } from '../../../lib/page-origin';

type Tab = 'endpoints' | 'overview';

function byCategory(endpoints: EndpointDocEntry[]): [string, EndpointDocEntry[]][] {
  const groups = new Map<string, EndpointDocEntry[]>();
  for (const e of endpoints) groups.set(e.category, [...(groups.get(e.category) ?? []), e]);
  return [...groups];
}

/**
 * The API documentation page (spec §2.9): base URL, API Endpoints (default) and Overview tabs.
 * `origin`: the base URL the page was rendered with on the server (the browser's own follows).
 */
export function ApiDocs({ origin }: { origin: string }) {
  const [tab, setTab] = useState<Tab>('endpoints');
  const { data, isPending, isError, error } = useEndpoints();
  const baseUrl = usePageOrigin(origin);
  if (isError) console.error('Failed to load the endpoint list', error); // spec §8: only logged

  const trigger = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`api-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`api-panel-${id}`}
      className={`tabs__trigger${tab === id ? ' tabs__trigger--active' : ''}`}
      onClick={() => setTab(id)}
    >
      {label}
    </button>
  );

  return (
    <div className="api-docs">
      <div className="api-docs__base">
        <span className="api-docs__base-label">Base URL</span>
        <code className="api-docs__base-url" data-testid="api-base-url">
          {baseUrl}
        </code>
        <CopyButton text={baseUrl} label="Copy base URL" />
      </div>

      <div className="tabs__list" role="tablist" aria-label="API documentation">
        {trigger('endpoints', 'API Endpoints')}
        {trigger('overview', 'Overview')}
      </div>

      {tab === 'endpoints' ? (
        <div role="tabpanel" id="api-panel-endpoints" aria-labelledby="api-tab-endpoints">
          {isPending ? <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Loading endpoints" /> : null}
          {data
            ? byCategory(data.endpoints).map(([category, endpoints]) => (
                <section key={category} className="api-category" aria-labelledby={`api-category-${category}`}>
                  <h2 id={`api-category-${category}`} className="api-category__title">
                    {category}
                    {category === 'Admin' && data.isAdmin ? <Tag severity="success" icon="pi pi-verified" value="Authenticated" /> : null}
                  </h2>
                  <ul className="api-category__list">
                    {endpoints.map((e) => (
                      <EndpointRow key={`${e.method} ${e.path}`} endpoint={e} />
                    ))}
                  </ul>
                </section>
              ))
            : null}
        </div>
      ) : (
        <div role="tabpanel" id="api-panel-overview" aria-labelledby="api-tab-overview">
          <Card title="Overview">
            <ApiOverview />
          </Card>
        </div>
      )}
    </div>
  );
}
