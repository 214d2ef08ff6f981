import { Tag } from 'primereact/tag';
import { describeRatio } from '../utils/ratio';

/** "92% of expected" with On track / Below expected; a dash while nothing (or next to nothing) is expected yet. */
export function RatioBadge({ ratio, expected, testId = 'portfolio-ratio' }: { ratio: number | null; expected?: number; testId?: string }) {
  const { text, status, label } = describeRatio(ratio, expected);
  return (
    <span className="dashboard-ratio" data-testid={testId} data-status={status ?? 'none'}>
      <span className="dashboard-ratio__text" data-testid={`${testId}-text`}>
        {text}
      </span>
      {label ? <Tag value={label} severity={status === 'on-track' ? 'success' : 'warning'} /> : null}
    </span>
  );
}
