import { Button } from 'primereact/button';
import { isApiError } from '../../../lib/api-client';
import { SIGNED_OUT_MESSAGE, failureDetail } from '../utils/api-errors';

/** Loading and failure of a tab's list; a lost sign-in says how to get it back. */
export function QueryState({ what, isPending, error, onRetry }: { what: string; isPending: boolean; error: Error | null; onRetry: () => void }) {
  if (isPending) {
    return (
      <p className="panel-note" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading your {what}…
      </p>
    );
  }
  if (!error) return null;
  const text = isApiError(error, 401) ? SIGNED_OUT_MESSAGE : failureDetail(error, `Your ${what} could not be loaded.`);
  return (
    <div className="dashboard-error" role="alert">
      <span>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {text}
      </span>
      <Button type="button" label="Retry" icon="pi pi-refresh" size="small" outlined onClick={onRetry} />
    </div>
  );
}
