import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type RequestHandler } from "express";
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { sendError } from './error-middleware';
import type { Logger } from './logger';
import { isThenable, pathOf, type NodeMiddleware } from './node-chain';

/**
 * A route that takes a JSON body (or none) and answers JSON, written once and served two ways: on
 * a lean path for the ordinary request, and through express for everything else.
 */
export interface JsonRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The reply (sent with 200), or an AppError thrown. `body` is the parsed JSON (undefined on GET). */
  handle(input: { body: unknown; req: IncomingMessage }): unknown;
}

const STRICT_START = /^[\x20\x09\x0a\x0d]*[{[]/;
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;

/** Express's weak ETag for a JSON body, so a conditional GET sees the same tag on either path. */
function weakEtag(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`;
}

function sendJson(req: IncomingMessage, res: ServerResponse, reply: unknown): void {
  const out = JSON.stringify(reply);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) };
  if (req.method === 'GET') headers.etag = weakEtag(out);
  res.writeHead(200, headers);
  res.end(out);
}

/**
 * The lean path: the hot routes of a service without express in the way (see node-chain.ts). It serves only what needs
 * nothing more: a GET without a body or a condition, or a POST whose JSON body is declared (length
 * within `maxBytes`, utf-8, no content coding). Anything else (chunked, compressed or oversized
 * bodies, other content types, conditional GETs) goes on to express, where `jsonRoutesRouter`
 * serves the same routes with the full set of parsers and checks. Both answer the same replies and
 * errors.
 */
export function leanJsonRoutes(routes: readonly JsonRoute[], { logger, maxBytes }: { logger: Logger; maxBytes: number }): NodeMiddleware {
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  const respond = (route: JsonRoute, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    try {
      const reply = route.handle({ body, req });
      if (isThenable(reply)) reply.then((value) => sendJson(req, res, value), (err: unknown) => sendError(err, req, res, logger));
      else sendJson(req, res, reply);
    } catch (err) {
      sendError(err, req, res, logger);
    }
  };
  return (req, res, next) => {
    const route = byKey.get(`${req.method} ${pathOf(req)}`);
    if (!route) return next();
    // Express would find the same route for whatever is handed on to it; a refused body counts there too.
    req.routeTemplate = route.path;
    const { headers } = req;
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    if (route.method === 'GET') {
      if (length || headers['transfer-encoding'] || headers['if-none-match'] || headers['if-modified-since']) return next();
      return respond(route, req, res, undefined);
    }
    const encoding = headers['content-encoding'];
    const plain = encoding === undefined || encoding.toLowerCase() === 'identity';
    if (length === undefined || !(length <= maxBytes) || headers['transfer-encoding'] || !plain || !JSON_TYPE.test(headers['content-type'] ?? '')) return next();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        // As express.json reads it: empty is an empty object, and only an object or array is JSON here.
        if (text.length === 0) body = {};
        else if (!STRICT_START.test(text)) throw new SyntaxError('not an object or array');
        else body = JSON.parse(text);
      } catch {
        return sendError(new AppError(ErrorCode.INVALID_JSON, 400, 'Request body is not valid JSON'), req, res, logger);
      }
      respond(route, req, res, body);
    });
  };
}

/** The same routes on express, behind its JSON body parser: the path for every other request. */
export function jsonRoutesRouter(routes: readonly JsonRoute[]): RequestHandler {
  const router = Router();
  for (const route of routes) {
    const method = route.method === 'GET' ? 'get' : 'post';
    router[method](route.path, async (req, res) => {
      res.json(await route.handle({ body: route.method === 'GET' ? undefined : req.body, req }));
    });
  }
  return router;
}
