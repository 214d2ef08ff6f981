import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import express, { Router, type Response } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError } from './app-error';
import { sendError } from './error-middleware';
import type { Logger } from './logger';
import { pathOf, type NodeMiddleware } from './node-chain';
import { runHandler, type PipelineOptions, type RouteHandler } from './route-handler';

/** The pipeline's options, less the writer each transport brings. */
export type ServeOptions = Omit<PipelineOptions, 'send'>;

const verbs = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/**
 * Every route on express, through the pipeline, its body read by express's JSON parser when the
 * pipeline asks for it (after the caller's checks). The transport for every request the lean one
 * below leaves alone.
 */
export function expressRoutes(handlers: readonly RouteHandler[], options: ServeOptions & { jsonLimitBytes: number }): Router {
  const router = Router();
  const json = express.json({ limit: options.jsonLimitBytes });
  const pipeline = { ...options, send: (_req: IncomingMessage, res: ServerResponse, status: number, reply: unknown) => void (res as Response).status(status).json(reply) };
  for (const served of handlers) {
    const { method, path } = served.route;
    router[verbs[method]](path, (req, res) => {
      const readBody = () => new Promise((resolve, reject) => json(req, res, (err?: Error) => (err ? reject(err) : resolve(req.body))));
      return runHandler(served, { params: req.params as Record<string, string>, query: req.query, readBody }, req, res, pipeline);
    });
  }
  return router;
}

const STRICT_START = /^[ \t\n\r]*[{[]/;
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;

/** Express's weak ETag for a JSON body, so a conditional GET sees the same tag on either path. */
function weakEtag(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`;
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, reply: unknown): void {
  const out = JSON.stringify(reply);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) };
  if (req.method === 'GET') headers.etag = weakEtag(out);
  res.writeHead(status, headers);
  res.end(out);
}

/** A route the lean transport can take: no path parameters to match, a JSON body or none, one reply. */
const isLean = ({ route }: RouteHandler) => (route.method === 'GET' || route.method === 'POST') && !route.path.includes(':') && !route.stream;

/**
 * The lean transport: the same routes and the same pipeline without express in the way, which
 * costs a small service about three quarters of its time per request (node-chain.ts). It takes only
 * the ordinary request: a GET without a body or a condition, or a POST whose JSON body is declared
 * (length within `maxBytes`, utf-8, no content coding). Anything else (chunked, compressed or
 * oversized bodies, other content types, conditional GETs) goes on to express, where
 * `expressRoutes` serves it with the full set of parsers. Both answer the same replies and errors;
 * a service's author never picks one.
 */
export function leanRoutes(handlers: readonly RouteHandler[], options: ServeOptions & { logger: Logger; maxBytes: number }): NodeMiddleware {
  const byKey = new Map(handlers.filter(isLean).map((served) => [`${served.route.method} ${served.route.path}`, served]));
  const pipeline = { ...options, send: sendJson };
  const run = (served: RouteHandler, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const url = req.url ?? '/';
    const at = url.indexOf('?');
    // As express 5's default ('simple') query parser reads it.
    const query = at < 0 ? {} : { ...parseQuery(url.slice(at + 1)) };
    runHandler(served, { params: {}, query, readBody: () => body }, req, res, pipeline).catch((err: unknown) => sendError(err, req, res, options.logger));
  };
  return (req, res, next) => {
    const served = byKey.get(`${req.method} ${pathOf(req)}`);
    if (!served) return next();
    // Express would find the same route for whatever is handed on to it; a refused body counts there too.
    req.routeTemplate = served.route.path;
    const { headers } = req;
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    if (served.route.method === 'GET') {
      if (length || headers['transfer-encoding'] || headers['if-none-match'] || headers['if-modified-since']) return next();
      return run(served, req, res, undefined);
    }
    const encoding = headers['content-encoding'];
    const plain = encoding === undefined || encoding.toLowerCase() === 'identity';
    if (length === undefined || !(length <= options.maxBytes) || headers['transfer-encoding'] || !plain || !JSON_TYPE.test(headers['content-type'] ?? '')) return next();
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
        return sendError(new AppError(ErrorCode.INVALID_JSON, 400, 'Request body is not valid JSON'), req, res, options.logger);
      }
      run(served, req, res, body);
    });
  };
}
