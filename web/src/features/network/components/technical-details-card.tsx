import type { NetworkData } from '@shm/contracts';
import { Card } from 'primereact/card';

/** Every leaf of the snapshot as `path → value` (`rotation.waitToActive.p50Hours`), so nested figures read as rows, not JSON. */
function leaves(value: unknown, path: string): [string, string][] {
  if (value === undefined) return [];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
  // What is left of a JSON reply is a leaf: a string, number, boolean or null.
  const leaf = value as string | number | boolean | null;
  return [[path, String(leaf)]];
}

/** The raw values, as the service sent them (spec §2.7). */
export function TechnicalDetailsCard({ data }: { data: NetworkData }) {
  const rows = leaves(data, '');
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
                <code>{value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
