import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';

/** The raw values, as the service sent them (spec §2.7). */
export function TechnicalDetailsCard({ data }: { data: NetworkData }) {
  const rows = Object.entries(data).filter(([, value]) => value !== undefined);
  return (
    <Card title="Technical Details" subTitle="Raw values of the latest snapshot" className="network-card">
      <table className="data-table technical-details" data-testid="technical-details">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([field, value]) => (
            <tr key={field}>
              <th scope="row">
                <code>{field}</code>
              </th>
              <td className="technical-details__value">
                <code>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
