import { Tag } from 'primereact/tag';
import { describeRatio } from '../utils/ratio';

/** "92% of expected" with On track / Below expected; a dash while nothing is expected yet. */
export function RatioBadge({ ratio }: { ratio: number | null }) {
  const { text, status, label } = describeRatio(ratio);
  return (
    <span className="dashboard-ratio" data-testid="portfolio-ratio" data-status={status ?? 'none'}>
      <span className="dashboard-ratio__text" data-testid="portfolio-ratio-text">
        {text}
      </span>
      {label ? <Tag value={label} severity={status === 'on-track' ? 'success' : 'warning'} /> : null}
    </span>
  );
}
