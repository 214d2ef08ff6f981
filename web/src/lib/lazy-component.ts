import { createElement, use, useEffect, useState, type ComponentType } from 'react';

/**
 * Components whose code loads on first use. Unlike React.lazy, neither shows a Suspense fallback
 * once its code is there, and `deferred` never suspends at all: React holds back revealing a
 * Suspense boundary for up to 300 ms after a fallback, which would make a lazily loaded part show
 * later than it did when it came with the page.
 */
export interface Preloadable {
  /** Fetches the code (once; again after a failure). */
  preload(): Promise<unknown>;
}

function loader<P>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { current: () => loaded, preload };
}

/**
 * A page loaded on first visit: rendered at once when its code is there (main.tsx fetches the
 * current page's before the first render), else it suspends, and a navigation (a transition) keeps
 * the page it leaves on screen until it has.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & Preloadable {
  const code = loader(load);
  const Route = (props: P) => createElement(code.current() ?? use(code.preload()), props);
  return Object.assign(Route, { preload: code.preload });
}

/** A part loaded when it first renders: nothing until its code is there, then the part, with no Suspense involved. */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & Preloadable {
  const code = loader(load);
  const Deferred = (props: P) => {
    const [component, setComponent] = useState(() => code.current());
    useEffect(() => {
      if (component) return;
      let mounted = true;
      code.preload().then(
        (loaded) => mounted && setComponent(() => loaded),
        () => undefined, // no code (offline): the part stays out, as before it loaded
      );
      return () => {
        mounted = false;
      };
    }, [component]);
    return component ? createElement(component, props) : null;
  };
  return Object.assign(Deferred, { preload: code.preload });
}
