/** The site's public origin on the server (src/entry-server.tsx sets it from the web server's PUBLIC_ORIGIN). */
let serverOrigin = '';
export const setServerOrigin = (origin: string) => {
  serverOrigin = origin;
};

/**
 * The page's origin (`https://host`): the browser's own; on the server, the public origin it was
 * given, which is the browser's in production (a server told another origin sends a page the browser re-renders).
 */
export const pageOrigin = () => (typeof window === 'undefined' ? serverOrigin : window.location.origin);
