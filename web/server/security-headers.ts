import type { RequestHandler } from 'express';

/**
 * A strict Content-Security-Policy for the SPA: its own scripts only (no inline script, no eval),
 * inline styles (PrimeReact sets style attributes), images and fonts from itself or data URLs, and
 * network calls to itself plus `connectSrc` (the chain RPC and the WalletConnect relay, which the
 * page talks to directly). It may not be framed. The admin token lives in localStorage (spec §3),
 * so keeping foreign script out is what protects it.
 */
export function contentSecurityPolicy(connectSrc: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSrc].join(' ')}`,
    'frame-src https://verify.walletconnect.org https://verify.walletconnect.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(connectSrc: string[]): RequestHandler {
  const policy = contentSecurityPolicy(connectSrc);
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  };
}
