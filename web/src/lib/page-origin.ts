import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * The page's origin (`https://host`), as the visitor reached it. `rendered` is the origin the
 * server rendered the page with (its loader's data: the public origin): the browser's first render,
 * which takes the server's HTML over, shows it too, so both agree whatever host name the visitor
 * used; React then renders the browser's own origin at once.
 */
export const usePageOrigin = (rendered: string): string =>
  useSyncExternalStore(
    subscribeNever,
    () => window.location.origin,
    () => rendered,
  );
