import type { QueryClient } from '@tanstack/react-query';

/** What a page module (./routes/*.tsx) and the route table (routes.tsx) share: apart, so a page never imports the table that loads it. */
export interface PageContext {
  queryClient: QueryClient;
  /** The page's address (its query holds a calculator link's inputs). */
  url: URL;
}
export type Prefetch = (context: PageContext) => Promise<unknown>;

/** What a lazily loaded page module exports. */
export interface PageModule {
  Component: React.ComponentType;
  prefetch?: Prefetch;
}

/** What the root route's loader gives every page. */
export interface RootData {
  origin: string;
  /** When the page was rendered (ms since 1970): the browser's first render uses it too (lib/use-now.ts). */
  renderedAt: number;
}
export const ROOT_ROUTE_ID = 'root';
