import { Suspense, createElement, lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * Parts whose code loads on first use: React.lazy inside a Suspense boundary of their own.
 *
 * The server waits for a part's code (src/entry-server.tsx renders with React's `prerender`), so the
 * page's HTML holds it. In the browser a boundary whose code has not arrived yet keeps the server's
 * HTML while React hydrates the rest of the page, and takes it over when its code is there: nothing
 * on the page moves. Each boundary is also a separate piece of hydration work, which React does in
 * tasks of its own (selective hydration), so taking a large page over never blocks the main thread
 * in one long task.
 */
export interface Preloadable {
  /** Fetches the code (once; again after a failure). */
  preload: () => Promise<unknown>;
}

function loader<P>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

interface PartOptions {
  /** Shown while the code loads in the browser (nothing by default); the server never shows it. */
  fallback?: ReactNode;
}

/** A part loaded when it first renders, rendered by the server too. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, { fallback = null }: PartOptions = {}): ComponentType<P> & Preloadable {
  const preload = loader(load);
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Part = (props: P) => createElement(Suspense, { fallback }, createElement(Lazy as ComponentType<P>, props));
  return Object.assign(Part, { preload });
}

const subscribeNever = () => () => undefined;
/** False on the server and while the browser hydrates the server's HTML, true afterwards. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

/**
 * A part that only makes sense in a browser (the pay panel with the wallet): nothing on the server
 * and in the browser's first render (so hydration matches), then loaded like `lazyPart`.
 */
export function clientOnly<P extends object>(load: () => Promise<ComponentType<P>>, options: PartOptions = {}): ComponentType<P> & Preloadable {
  const Part = lazyPart(load, options);
  const ClientOnly = (props: P) => (useHydrated() ? createElement(Part, props) : null);
  return Object.assign(ClientOnly, { preload: Part.preload });
}
