import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';

/**
 * When the page was rendered (the root route's loader data): on the server, and in the browser's
 * first render, which takes the server's HTML over and must show the same 'N min ago' as it does
 * (React error #418 otherwise, once a minute boundary fell between the two). Undefined outside the
 * router.
 */
export const RenderedAt = createContext<number | undefined>(undefined);

/** A clock read every `everyMs`: the time of its last tick. */
function tickingClock(everyMs: number) {
  let now = Date.now();
  return {
    subscribe: (changed: () => void) => {
      const timer = setInterval(() => {
        now = Date.now();
        changed();
      }, everyMs);
      return () => clearInterval(timer);
    },
    read: () => now,
  };
}

/**
 * The current time, renewed every `everyMs`, so 'N min ago' texts move on while a page stays open.
 * Taking a server-rendered page over, the first render reads the page's render time (React renders
 * with the browser's time right after).
 */
export function useNow(everyMs = 60_000): number {
  const rendered = useContext(RenderedAt);
  const clock = useMemo(() => tickingClock(everyMs), [everyMs]);
  return useSyncExternalStore(clock.subscribe, clock.read, () => rendered ?? clock.read());
}
