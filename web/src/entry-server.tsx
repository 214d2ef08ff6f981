import './zod-config';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { CalculatorParams, EconomicsResults } from '@shm/contracts';
import type { FigureTexts, RenderedPage, ServerEntry } from '../server/server-entry';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { PAGE_MODULES, SITEMAP_PATHS, appRoutes, pageModuleFile, type PageHandle } from './app/routes';
import { figureTexts, type CalculatorFigures } from './app/seo/figures';
import { calculatorQuery, headTags, pageMeta } from './app/seo/page-meta';
import type { ApiFetch } from './lib/api-client';

/**
 * The server's render of a page (web/server/render-page.ts calls it; docs/server-rendering.md):
 * React Router's static handler runs the page's loaders, which fill the query cache with what the
 * page shows first (through the gateway, as the visitor), then the page is rendered once, with
 * React's `prerender`, which also waits for the code of the lazily loaded parts it meets. The
 * browser gets the loaders' data and the cache (TanStack's `dehydrate`) and takes the page over.
 */

/** The economics the calculator page rendered (its parameters are in the query key), if any. */
function renderedCalculation(client: QueryClient): CalculatorFigures | null {
  const query = client.getQueryCache().findAll({ queryKey: ['calculations', 'economics'], predicate: (found) => found.state.status === 'success' })[0];
  return query ? { params: query.queryKey[3] as CalculatorParams, results: query.state.data as EconomicsResults } : null;
}

async function html(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export const render: ServerEntry['render'] = async ({ url, gatewayUrl, clientAddress, timeoutMs, origin }): Promise<RenderedPage> => {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const timedOut = new Promise<void>((resolve) => deadline.signal.addEventListener('abort', () => resolve(), { once: true }));
  // The page's reads go to the gateway directly, as the visitor (so rate limits count them).
  const apiFetch: ApiFetch = (path, init) =>
    fetch(new URL(path, gatewayUrl), {
      ...init,
      credentials: undefined,
      headers: { ...(init.headers as Record<string, string>), ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}) },
      signal: init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal,
    });
  const queryClient = createQueryClient({ apiFetch });
  try {
    const handler = createStaticHandler(appRoutes({ queryClient, origin, waitFor: (reads) => Promise.race([reads, timedOut]) }));
    const address = new URL(url, origin);
    const context = await handler.query(new Request(address));
    if (context instanceof Response) throw new Error(`the page's loaders answered ${context.status}`);
    if (context.errors) throw new Error('a loader of the page failed');
    const late = deadline.signal.aborted;
    // A read that failed or came too late is left to the browser, which shows it loading meanwhile: so does this render.
    await queryClient.cancelQueries();
    const missing = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' }).length;
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    const state = { router: { loaderData: context.loaderData, actionData: null, errors: null }, queries: dehydrate(queryClient) };

    let failedParts = 0;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
      {
        // A part that throws is left for the browser to render (React marks its boundary so).
        onError: () => void (failedParts += 1),
        signal: AbortSignal.timeout(timeoutMs),
        // Every boundary inline, complete: a page needs no script to show.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    const handles = context.matches.map((match) => match.route.handle as PageHandle | undefined);
    const page = handles.at(-1)?.page;
    if (!page) throw new Error(`no page for ${url}`);
    // A link's figures (its description, its sharing card) only when it carries calculator inputs: the bare page is the product.
    const calculation = page.calculator && calculatorQuery(address.search) ? renderedCalculation(queryClient) : null;
    const figures: FigureTexts | null = calculation ? figureTexts(calculation) : null;
    return {
      html: await html(prelude),
      head: headTags(pageMeta(page, address, origin, calculation)),
      state,
      modules: handles.flatMap((handle) => (handle?.module ? [pageModuleFile(handle.module)] : [])),
      figures,
      complete: !late && missing === 0 && failedParts === 0,
      failedParts,
    };
  } finally {
    clearTimeout(timer);
    deadline.abort();
    // Queries nobody observes keep a garbage-collection timer (5 min): cleared here, so a render keeps nothing.
    queryClient.clear();
  }
};

export const sitemapPaths: ServerEntry['sitemapPaths'] = SITEMAP_PATHS;
export const pageModules: ServerEntry['pageModules'] = PAGE_MODULES;
