import type { Express, RequestHandler } from 'express';
import { z } from 'zod';

/**
 * TRUSTED_PROXIES: the hops whose X-Forwarded-For this process believes — addresses, CIDR ranges or
 * express's names (`loopback`, `linklocal`, `uniquelocal`), comma-separated; empty trusts none.
 */
export const trustedProxiesSchema = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

/**
 * `req.ip` becomes the client: the rightmost X-Forwarded-For entry not added by a trusted hop
 * (express's `trust proxy`); with no trusted hop, the socket's peer.
 */
export function trustProxies(app: Express, trusted: string[]): void {
  app.set('trust proxy', trusted.length ? trusted : false);
}

/**
 * At the public edge: X-Forwarded-For is replaced by the one client address this hop judged
 * (`req.ip`, by the app's trusted proxies), so nothing a client writes there travels further (the
 * next hop trusts this one, not the client).
 */
export const forwardClientAddress: RequestHandler = (req, _res, next) => {
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  next();
};
