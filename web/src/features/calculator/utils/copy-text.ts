/**
 * Puts `text` on the clipboard: the Clipboard API, else (no permission, an older browser) a selected
 * off-screen text area and the copy command. Loaded on the first copy (not needed for the first paint).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      // The only way to copy outside a secure context (a plain-http address), where navigator.clipboard is absent.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
