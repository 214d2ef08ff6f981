import { useNow } from '../../../lib/use-now';
import { useLiveDefaultsQuery } from '../api/get-live-defaults';
import { appliedLiveDefaults } from '../hooks/use-live-defaults';
import { liveSourceLines } from '../utils/live-network-texts';
import './live-network.css';

/** Under the network fields: where their live values came from and how old they are; nothing when none were applied. */
export function LiveSourceNote({ enabled }: { enabled: boolean }) {
  const { data } = useLiveDefaultsQuery(enabled);
  const now = useNow();
  if (!data || !appliedLiveDefaults(data)) return null;
  const lines = liveSourceLines(data, now);
  return (
    <div className="live-source" data-testid="live-source-note">
      <p className="live-source__line">
        <i className="pi pi-wifi" aria-hidden="true" /> {lines.source}
      </p>
      {lines.split ? (
        <p className="live-source__line live-source__line--estimate" data-testid="live-source-split">
          <i className="pi pi-info-circle" aria-hidden="true" /> {lines.split}
        </p>
      ) : null}
    </div>
  );
}
