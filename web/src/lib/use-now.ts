import { useMemo, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import { ROOT_ROUTE_ID, type RootData } from '../app/page-route';

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
 * On the server, and in the browser's first render taking the server's HTML over, it is the time the
 * page was rendered (the root loader's): both must show the same text (React error #418 otherwise,
 * once a minute boundary or a clock ahead fell between the two); React renders the browser's time
 * right after.
 */
export function useNow(everyMs = 60_000): number {
  const rendered = useRouteLoaderData<RootData | undefined>(ROOT_ROUTE_ID)?.renderedAt;
  const clock = useMemo(() => tickingClock(everyMs), [everyMs]);
  return useSyncExternalStore(clock.subscribe, clock.read, () => rendered ?? clock.read());
}
