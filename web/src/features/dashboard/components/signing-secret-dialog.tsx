import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

const COPIED_MS = 2000;

interface SigningSecretDialogProps {
  /** The destination's name, as the list shows it. */
  name: string;
  secret: string;
  /** A new destination's first secret, or a rotated one. */
  rotated: boolean;
  onHide: () => void;
}

/**
 * A webhook's signing secret, the one time it is shown (the server keeps no way to show it again):
 * with a copy button and how a receiver uses it (Standard Webhooks; docs/alerts.md, "Signed webhooks").
 */
export function SigningSecretDialog({ name, secret, rotated, onHide }: SigningSecretDialogProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const footer = (
    <div className="dashboard-dialog__footer">
      <Button type="button" label="Done" icon="pi pi-check" onClick={onHide} data-testid="signing-secret-done" />
    </div>
  );
  return (
    <Dialog header={rotated ? 'New Signing Secret' : 'Signing Secret'} visible onHide={onHide} footer={footer} className="dashboard-dialog" modal>
      <div data-testid="signing-secret-dialog">
        <p>
          {rotated ? `The old secret of ${name} no longer signs its alerts. ` : `${name} will receive signed alerts. `}
          Copy this secret now: <strong>it will not be shown again.</strong>
        </p>
        <div className="signing-secret">
          <label htmlFor="signing-secret-value" className="field__label">
            Signing secret
          </label>
          <div className="signing-secret__row">
            <input id="signing-secret-value" className="p-inputtext signing-secret__value" readOnly value={secret} data-testid="signing-secret-value" onFocus={(event) => event.currentTarget.select()} />
            <Button
              type="button"
              icon={copy === 'copied' ? 'pi pi-check' : 'pi pi-copy'}
              label={copy === 'copied' ? 'Copied' : 'Copy'}
              outlined
              onClick={() => void copySecret()}
              data-testid="signing-secret-copy"
            />
          </div>
          {copy === 'failed' ? (
            <p className="field__error" role="alert">
              Copying was refused: select the secret and copy it by hand.
            </p>
          ) : null}
        </div>
        <p className="dashboard-note">
          <i className="pi pi-info-circle" aria-hidden="true" /> Each alert carries the headers <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
          <code>webhook-signature</code> (Standard Webhooks). Your receiver verifies them with this secret, for example with the{' '}
          <code>standardwebhooks</code> library, and refuses a request that fails. Lost it? Rotate the secret to get a new one.
        </p>
      </div>
    </Dialog>
  );
}
