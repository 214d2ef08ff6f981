import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode, type Contract } from '@shm/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';
import { toUnavailable } from './unavailable';
import { parseWith } from './validate';

/** Who is calling, as the process serving the route has established it. */
export interface RouteCaller {
  /** The signed-in wallet, lower-case. */
  wallet?: string;
  admin: boolean;
  /** Why `admin` is false although a credential was shown; the 401's message. */
  adminRefusal?: string;
}

type Parsed<C, K extends string, Otherwise> = C extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : Otherwise;

/** What a handler gets: the route's input parsed and checked as its contract says, and the caller. */
export interface HandlerInput<C extends Contract> {
  params: Parsed<C, 'pathParams', Record<string, string>>;
  query: Parsed<C, 'query', Record<string, unknown>>;
  body: Parsed<C, 'body', undefined>;
  /** The signed-in wallet; always there on an `auth: 'wallet'` route. */
  wallet: C extends { auth: 'wallet' } ? string : string | undefined;
  caller: RouteCaller;
  /** For what a contract cannot say: cookies, and the body of an event stream (`stream: true`). */
  req: IncomingMessage;
  res: ServerResponse;
}

/** What a handler answers: the contract's reply (checked on the way out), or nothing on a stream. */
// A stream's handler writes its own reply and returns nothing: `void` is the type of what it returns.
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type HandlerReply<C extends Contract> = z.input<C['reply']> | (C['stream'] extends true ? void : never);

export interface HandlerOptions {
  /** The 503's message when the datastore behind this route is out of reach (else the app's). */
  unavailable?: string;
}

/** A route's contract with the one function that serves it. */
export interface RouteHandler<C extends Contract = Contract> extends HandlerOptions {
  route: C;
  run(input: HandlerInput<C>): HandlerReply<C> | Promise<HandlerReply<C>>;
}

/**
 * Declares how a route is served. The pipeline (`runHandler`) parses the path, query and body with
 * the contract's schemas, checks the caller against its `auth` and any wallet the request names,
 * and answers the reply with the contract's status and cache header: `run` does none of that.
 */
export const handler = <C extends Contract>(
  route: C,
  // NoInfer: the contract alone fixes C, so a reply's literals (`success: true`) are typed against it.
  run: NoInfer<RouteHandler<C>['run']>,
  options: HandlerOptions = {},
): RouteHandler => ({ route, run, ...options });

/** What express hands the pipeline: the request's parts as it read them. */
export interface RawInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body, read only once the caller has passed the route's checks. */
  readBody(): unknown;
}

export interface PipelineOptions {
  /** Who calls (services: the gateway's signed identity header; the gateway: its own session and token). */
  identify(req: IncomingMessage, res: ServerResponse): RouteCaller | Promise<RouteCaller>;
  /** A check every route of the app passes before anything else (the dashboard's feature flag). */
  guard?: (route: Contract) => void;
  /** The 503's message when a datastore is out of reach. */
  unavailable?: string;
  /** Writes the reply (express's `res.status().json()`). */
  send(req: IncomingMessage, res: ServerResponse, status: number, reply: unknown): void;
}

/** The fields by which a request names a wallet (kept for compatibility, spec §7): each must be the signed-in one, else 403. */
const WALLET_FIELDS = [
  ['params', 'address'],
  ['query', 'walletAddress'],
  ['body', 'walletAddress'],
] as const;

/** The one pipeline every route runs. Throws errors for express's error handler to answer. */
export async function runHandler(served: RouteHandler, raw: RawInput, req: IncomingMessage, res: ServerResponse, options: PipelineOptions): Promise<void> {
  const { route } = served;
  try {
    options.guard?.(route);
    const caller = await options.identify(req, res);
    if (route.auth === 'wallet' && !caller.wallet) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'Sign in with your wallet first');
    if (route.auth === 'admin' && !caller.admin) throw new AppError(ErrorCode.UNAUTHORIZED, 401, caller.adminRefusal ?? 'Admin authentication required');
    const input = {
      params: route.pathParams ? parseWith(route.pathParams, raw.params) : raw.params,
      query: route.query ? parseWith(route.query, raw.query) : raw.query,
      body: route.body ? parseWith(route.body, await raw.readBody()) : undefined,
    };
    if (route.auth === 'wallet') {
      for (const [part, field] of WALLET_FIELDS) {
        const named = (input[part] as Record<string, unknown> | undefined)?.[field];
        if (typeof named === 'string' && named.toLowerCase() !== caller.wallet) throw new AppError(ErrorCode.FORBIDDEN, 403, `${field} is not the signed-in wallet`);
      }
    }
    if (route.cache) res.setHeader('Cache-Control', route.cache);
    const reply: unknown = await served.run({ ...input, wallet: caller.wallet, caller, req, res } as never);
    if (route.stream) return;
    options.send(req, res, route.status ?? 200, route.reply.parse(reply));
  } catch (err) {
    throw toUnavailable(err, served.unavailable ?? options.unavailable);
  }
}
