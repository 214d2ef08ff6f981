import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useToast } from '../../../components/toast/toast-context';
import { COPY_CONFIRMATION_MS } from '../../../config/constants';

/**
 * 'Copy link': the address of this exact calculation (every input and the display currency, written out
 * so live data cannot change it for whoever opens it) on the clipboard, confirmed for 2 s (spec §9). When
 * the clipboard refuses, a toast shows the link to copy by hand.
 */
export function CopyLinkButton({ link }: { link: () => string }) {
  const [copied, setCopied] = useState(false);
  const { showToast } = useToast();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const url = link();
    const { copyText } = await import('../utils/copy-text');
    if (await copyText(url)) setCopied(true);
    else showToast({ severity: 'warn', summary: 'Could not copy the link', detail: url });
  };

  return (
    // A live region: the changed label ('Link copied') is read out.
    <span aria-live="polite" className="copy-link">
      <Button
        type="button"
        size="small"
        outlined
        icon={copied ? 'pi pi-check' : 'pi pi-link'}
        label={copied ? 'Link copied' : 'Copy link'}
        onClick={() => void copy()}
        data-testid="copy-link"
      />
    </span>
  );
}
