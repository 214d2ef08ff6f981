import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * A strict Content-Security-Policy for the SPA: its own scripts only (no inline script, no eval),
 * inline styles (PrimeReact sets style attributes), images and fonts from itself or data URLs, and
 * network calls to itself plus `connectSrc` (the chain RPC and the WalletConnect relay, which the
 * page talks to directly). It may not be framed. The admin token lives in localStorage (spec §3),
 * so keeping foreign script out is what protects it.
 */
export function contentSecurityPolicy(connectSrc: string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...connectSrc],
    frameSrc: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/**
 * helmet's headers with that policy, no framing at all, and the referrer policy the app had. Two
 * of its defaults are loosened for what the page does: a wallet may open a window of its own
 * (Cross-Origin-Opener-Policy allows popups), and other sites show the sharing card
 * (Cross-Origin-Resource-Policy allows them to load it).
 */
export function securityHeaders(connectSrc: string[]): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(connectSrc) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}
