import { createElement, use, useEffect, useState, type ComponentType } from 'react';

/**
 * Components whose code loads on first use. Unlike React.lazy, neither shows a Suspense fallback
 * once its code is there, and `deferred` never suspends at all: React holds back revealing a
 * Suspense boundary for up to 300 ms after a fallback, which would make a lazily loaded part show
 * later than it did when it came with the page.
 *
 * Server rendering (src/entry-server.tsx) renders a deferred part whose code the server has, and
 * lists it by name in the page; the browser fetches those parts' code before it hydrates
 * (`preloadDeferred`), so its first render is the server's HTML, with nothing missing or moved.
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

type Loader = ReturnType<typeof loader>;

/** Every deferred part of the modules loaded so far, by name. */
const deferredParts = new Map<string, Loader>();

/** What one server render pass learns: the parts it rendered, and the code it wanted but did not have yet. */
export interface ServerPass {
  rendered: Set<string>;
  wanted: Promise<unknown>[];
}
let serverPass: ServerPass | null = null;

/** Runs one synchronous server render (renderToString) and tells which deferred parts it rendered or wanted. */
export function inServerPass<T>(render: () => T): { result: T; pass: ServerPass } {
  const pass: ServerPass = { rendered: new Set(), wanted: [] };
  serverPass = pass;
  try {
    return { result: render(), pass };
  } finally {
    serverPass = null;
  }
}

/**
 * The code of the deferred parts named (those the server rendered), before hydrating. A part can
 * sit inside another's code, so each round fetches the named parts known so far, until all are
 * there or a round finds nothing new (a part the server had but this build does not: it loads after).
 */
export async function preloadDeferred(names: readonly string[]): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const round = names.flatMap((name) => {
      const part = done.has(name) ? undefined : deferredParts.get(name);
      return part ? [{ name, part }] : [];
    });
    if (!round.length) return;
    round.forEach(({ name }) => done.add(name));
    await Promise.all(round.map(({ part }) => part.preload().catch(() => undefined)));
  }
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

interface DeferredOptions {
  /** Rendered by the server too (default). Off for parts that only make sense in a browser. */
  ssr?: boolean;
}

/**
 * A part loaded when it first renders: nothing until its code is there, then the part, with no
 * Suspense involved. `name` is unique in the app; the server's page lists rendered parts by it.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  { ssr = true }: DeferredOptions = {},
): ComponentType<P> & Preloadable {
  const code = loader(load);
  if (ssr) deferredParts.set(name, code as Loader);
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
    if (serverPass) {
      if (!ssr) return null;
      const loaded = code.current();
      if (loaded) {
        serverPass.rendered.add(name);
        return createElement(loaded, props);
      }
      serverPass.wanted.push(code.preload().catch(() => undefined));
      return null;
    }
    return component ? createElement(component, props) : null;
  };
  return Object.assign(Deferred, { preload: code.preload });
}
