import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import type { NodeMiddleware } from './node-chain';

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
 * At the public edge: X-Forwarded-For is replaced by the one client address this hop judged (as
 * `req.ip` would with the same `trusted` hops, without needing express), so nothing a client
 * writes there travels further (the next hop trusts this one, not the client).
 */
export function forwardClientAddress(trusted: string[]): NodeMiddleware {
  const clientOf = clientAddressOf(trusted);
  return (req, _res, next) => {
    req.headers['x-forwarded-for'] = clientOf(req);
    next();
  };
}

/** The client of a request as `req.ip` judges it with the same `trusted` hops, for code that runs without express. */
export function clientAddressOf(trusted: string[]): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(trusted);
  return (req) => proxyaddr(req, trust);
}
