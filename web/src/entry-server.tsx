import './zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryCache, type Query, type QueryClient } from '@tanstack/react-query';
import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import { createQueryClient } from './app/query-client';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute } from './app/router';
import { applyQueries, collectQueries, isEnabled, unanswered, type SsrState } from './app/ssr-state';
import { setApiTransport } from './lib/api-client';
import { inServerPass } from './lib/lazy-component';
import { setServerOrigin } from './lib/page-origin';

/**
 * The server's render of a page (web/server/render-page.ts calls it): the same components as the
 * browser's, rendered until what they ask for is there. Each pass renders the page, then fetches
 * the queries it asked for (through the gateway, as the visitor) and the code of the deferred parts
 * it wanted; the next pass renders with those. The queries a page asks for depend on earlier answers
 * (the calculation needs the flags, the network values and the price), so a few passes, and the
 * last one renders from exactly the answers the browser will get, so its first render matches.
 */

export interface RenderOptions {
  /** Path and query of the page, e.g. `/?nodes=3`. */
  url: string;
  /** Where the API answers (the gateway), e.g. `http://127.0.0.1:8000`. */
  apiOrigin: string;
  /** Headers every API call of this render carries (the visitor's address, so rate limits count them). */
  apiHeaders?: Record<string, string>;
  /** Past this, the page is rendered with what has arrived (the browser fetches the rest). */
  timeoutMs: number;
  /** The site's public origin, where a page shows its own address (the API docs' base URL). */
  origin: string;
}

export interface RenderedPage {
  html: string;
  state: SsrState;
  /** The calculator's parameters and results as rendered, when the page shows them (for its sharing card). */
  figures: { params: CalculatorParams; results: EconomicsResults } | null;
  /**
   * Whether the page carries an answer for every query it read (none failed, none came too late),
   * every deferred part's code was there, and nothing failed to render. Only a complete page may be
   * reused for other visitors (web/server/render-page.ts).
   */
  complete: boolean;
  /** Parts that failed to render on the server (React left them for the browser to render). */
  failedParts: number;
}

const MAX_PASSES = 6;

interface RenderContext {
  apiOrigin: string;
  apiHeaders: Record<string, string>;
  signal: AbortSignal;
}
const context = new AsyncLocalStorage<RenderContext>();

// Relative API paths go to the gateway of the render in progress, as the visitor.
setApiTransport((input, init = {}) => {
  const render = context.getStore();
  if (!render) return Promise.reject(new Error('an API call outside a server render'));
  const url = new URL(input instanceof Request ? input.url : String(input), render.apiOrigin);
  const signal = init.signal ? AbortSignal.any([init.signal, render.signal]) : render.signal;
  const headers = { ...(init.headers as Record<string, string> | undefined), ...render.apiHeaders };
  return fetch(url, { ...init, credentials: undefined, headers, signal });
});

/** Queries the last pass created and nobody has fetched: what the page is waiting for. */
const unasked = (client: QueryClient, asked: Set<string>) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !asked.has(query.queryHash) && isEnabled(query));

const page = (client: QueryClient, url: string) => (
  <StrictMode>
    <AppProvider queryClient={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>
  </StrictMode>
);

/** A cache that notes every query a render reads (the last pass: those the page carries). */
function readQueries() {
  const cache = new QueryCache();
  const read = new Set<string>();
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    read.add(query.queryHash);
    return query;
  }) as QueryCache['build'];
  return { cache, read };
}

const isEconomics = (query: Query) => query.queryKey[0] === 'calculations' && query.queryKey[1] === 'economics';

export async function render({ url, apiOrigin, apiHeaders = {}, timeoutMs, origin }: RenderOptions): Promise<RenderedPage> {
  setServerOrigin(origin);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const timedOut = new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
  const pathname = new URL(url, 'http://page').pathname;
  try {
    return await context.run({ apiOrigin, apiHeaders, signal: abort.signal }, async () => {
      await Promise.race([preloadRoute(pathname).catch(() => undefined), timedOut]);
      const client = createQueryClient();
      const { cache, read: readHashes } = readQueries();
      const final = createQueryClient(cache);
      try {
        const asked = new Set<string>();
        let complete = false;
        for (let pass = 0; pass < MAX_PASSES && !abort.signal.aborted; pass += 1) {
          const { pass: seen } = inServerPass(() => renderToString(page(client, url)));
          const queries = unasked(client, asked);
          if (!queries.length && !seen.wanted.length) {
            complete = true;
            break;
          }
          queries.forEach((query) => asked.add(query.queryHash));
          // A failed read stays in the cache as an error (the page shows it loading); it is not thrown here.
          const fetches = queries.map((query) => client.query({ ...query.options, queryKey: query.queryKey }).catch(() => undefined));
          await Promise.race([Promise.allSettled([...fetches, ...seen.wanted]), timedOut]);
        }
        // The last pass: from the answers as the page carries them (through JSON), as the browser will render it.
        const now = Date.now();
        applyQueries(final, JSON.parse(JSON.stringify(collectQueries(client, now))) as SsrState['queries'], now);
        const { result: html, pass } = inServerPass(() => renderToString(page(final, url)));
        // A part that threw is sent as a boundary the browser renders: React marks it `<!--$!-->`.
        const failedParts = html.split('<!--$!-->').length - 1;
        const pageQueries = final.getQueryCache().getAll().filter((query) => readHashes.has(query.queryHash));
        const read = pageQueries.filter((query) => query.state.status === 'success');
        // A read whose fetch failed (a 5xx, a refused connection) is settled, so the passes end as if
        // all were there; the page still shows it loading, and it must not be reused for others.
        const missing = unanswered(pageQueries).length;
        const economics = read.find(isEconomics);
        const figures = economics ? { params: economics.queryKey[3] as CalculatorParams, results: economics.state.data as EconomicsResults } : null;
        const queries = collectQueries(final, now).filter(({ key }) => read.some((query) => query.queryKey === key));
        return { html, state: { queries, deferred: [...pass.rendered] }, figures, complete: complete && missing === 0 && failedParts === 0, failedParts };
      } finally {
        // Queries nobody observes keep a garbage-collection timer (5 min): cleared here, so a render keeps nothing.
        client.clear();
        final.clear();
      }
    });
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
