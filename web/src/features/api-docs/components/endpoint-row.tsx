import { useId, useState } from 'react';
import type { EndpointDocEntry } from '@shm/contracts';
import { ExampleBlock } from './example-block';

/** One endpoint: a collapsible row with method badge, path and title; details when open (spec §2.9). */
export function EndpointRow({ endpoint }: { endpoint: EndpointDocEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = `${endpoint.method} ${endpoint.path}`;

  return (
    <li className="api-endpoint" data-testid="api-endpoint" data-endpoint={name}>
      <button type="button" className="api-endpoint__summary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span className={`method-badge method-badge--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
        <code className="api-endpoint__path">{endpoint.path}</code>
        <span className="api-endpoint__title">{endpoint.title}</span>
        <i className={`pi ${open ? 'pi-chevron-up' : 'pi-chevron-down'} api-endpoint__chevron`} aria-hidden="true" />
      </button>
      {open ? (
        <div id={panelId} className="api-endpoint__details">
          <p>{endpoint.description}</p>
          <p className="api-endpoint__auth">
            <i className="pi pi-lock" aria-hidden="true" /> <strong>Authentication:</strong> {endpoint.authentication ?? 'None'}
          </p>

          {endpoint.parameters.length ? (
            <section>
              <h3 className="api-endpoint__heading">Parameters</h3>
              <table className="data-table api-params">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Required</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {endpoint.parameters.map((p) => (
                    <tr key={p.name}>
                      <td>
                        <code>{p.name}</code>
                      </td>
                      <td>
                        <code>{p.type}</code>
                      </td>
                      <td>{p.required ? 'Yes' : 'No'}</td>
                      <td>{p.description || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}

          {endpoint.requestBody ? (
            <section>
              <h3 className="api-endpoint__heading">
                Request Body <span className="api-endpoint__content-type">{endpoint.requestBody.contentType}</span>
              </h3>
              <ExampleBlock example={endpoint.requestBody.example} label={`Copy request example for ${name}`} />
            </section>
          ) : null}

          <section>
            <h3 className="api-endpoint__heading">Responses</h3>
            <ul className="api-responses">
              {endpoint.responses.map((r) => (
                <li key={r.status} className="api-response">
                  <p>
                    <span className={`status-badge status-badge--${Math.floor(r.status / 100)}xx`}>{r.status}</span> {r.description}
                  </p>
                  {r.example === undefined ? null : <ExampleBlock example={r.example} label={`Copy ${r.status} example for ${name}`} />}
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </li>
  );
}
