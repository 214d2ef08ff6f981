import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False on the server and in the browser's first render, which takes the server's HTML over; true
 * right after. For what the server cannot know: a query whose data the browser finds stale (its
 * clock ahead of the server's) is already refetching in that first render, and a spinner drawn
 * then is HTML the server did not send (React error #418).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
