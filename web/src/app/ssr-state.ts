import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What the server's render hands the browser beside its HTML (src/entry-server.tsx): the answers it
 * rendered with and the deferred parts it rendered, so the browser's first render is the same page.
 * Each answer's age rather than its time, so a browser clock that is off does not make it fresh or stale.
 */
export interface SsrState {
  queries: Array<{ key: QueryKey; data: unknown; ageMs: number }>;
  deferred: string[];
}

/** The id of the JSON script element that carries the state in the page. */
export const SSR_STATE_ID = 'ssr-state';

/** The successful answers of `client`, as the page carries them. */
export function collectQueries(client: QueryClient, now = Date.now()): SsrState['queries'] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data, ageMs: Math.max(0, now - query.state.dataUpdatedAt) }));
}

/** Whether a query may be fetched: its `enabled` option, a value or a function of the query (unset: yes). */
export function isEnabled(query: Query): boolean {
  const value = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof value === 'function' ? value(query) : value !== false;
}

/**
 * The queries among those a page read that it has no answer for: each enabled one that is not a
 * success (its fetch failed, or its answer had not come). The page shows them as still loading, so
 * a server render with any is partial (src/entry-server.tsx): served, never reused for others.
 */
export function unanswered(read: readonly Query[]): Query[] {
  return read.filter((query) => query.state.status !== 'success' && isEnabled(query));
}

/** Puts the server's answers into a fresh query client (the browser's before hydrating, and the server's last pass). */
export function applyQueries(client: QueryClient, queries: SsrState['queries'], now = Date.now()): void {
  for (const { key, data, ageMs } of queries) client.setQueryData(key, data, { updatedAt: now - ageMs });
}

/** The state in the page, or null when the page was not rendered by the server (the plain app shell) or it is unreadable. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as SsrState;
    return Array.isArray(state.queries) && Array.isArray(state.deferred) ? state : null;
  } catch {
    return null;
  }
}
