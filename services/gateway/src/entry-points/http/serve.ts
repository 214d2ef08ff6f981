import type { ServerResponse } from 'node:http';
import type { Response, Router } from 'express';
import { expressRoutes, type RouteHandler } from '@shm/platform';
import { callerOf, type Caller } from './caller';

/** The caller resolveCaller established for a request the gateway answers itself. */
export const callerFrom = (res: ServerResponse): Caller => callerOf(res as Response);

/** The gateway's own routes, through the platform's route pipeline (16 kB JSON bodies). */
export const gatewayRoutes = (handlers: RouteHandler[]): Router =>
  expressRoutes(handlers, {
    identify: (_req, res) => {
      const { session, bearer, admin } = callerFrom(res);
      return { wallet: session?.wallet, admin, adminRefusal: bearer ? 'Invalid or expired admin token' : undefined };
    },
    jsonLimitBytes: 16 * 1024,
  });
