/**
 * The first page's weight budget (issue 8): the JavaScript and CSS index.html loads at once, as
 * served with brotli, at most 165 kB. The e2e tier checks it on the build it makes
 * (e2e/bundle-budget.e2e.test.ts); `npm run analyze -w web` shows what that weight is made of.
 * It was 150 kB until issue 33: React Router's data router (createBrowserRouter, which takes the
 * server's loader data over) is 14 kB more than its plain router; a page rendered on the server
 * fetches this code only after its first paint (docs/server-rendering.md).
 */
export const INITIAL_BUDGET_BYTES = 165_000;

/** The files index.html makes the browser load at once: its scripts and its modulepreload and stylesheet links. */
export function initialAssets(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url) continue;
    const isScript = tag.startsWith('<script');
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') files.push(url);
  }
  return files;
}
