import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';

export const COPIED_MS = 2000;

/** Copies text; a check mark shows for 2 s after a copy (spec §4). A failure is only logged (§8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };

  return (
    <Button
      type="button"
      icon={copied ? 'pi pi-check' : 'pi pi-copy'}
      aria-label={copied ? `${label} copied` : label}
      title={label}
      text
      rounded
      severity={copied ? 'success' : 'secondary'}
      data-copied={copied}
      onClick={() => void copy()}
    />
  );
}
