import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface ShutdownDrainOptions {
  /**
   * How long a keep-alive connection that is idle when the drain starts stays open (0: closed at
   * once). A client that is sending its next request on it right then is still answered, with
   * `Connection: close`, instead of finding the socket reset under a request it already sent.
   */
  idleGraceMs?: number;
}

export interface DrainableServer {
  server: Server;
  /** Stops accepting connections and resolves once the ones open have finished what they carry. */
  drain: (options?: ShutdownDrainOptions) => Promise<void>;
}

/** An EventSource asks with `Accept: text/event-stream`; such a reply never ends by itself. */
const isEventStream = (req: IncomingMessage) => (req.headers.accept ?? '').includes('text/event-stream');

/**
 * A node:http server that closes gracefully. Node 20's `server.close()` stops listening and waits
 * for every connection, but a keep-alive connection busy when it was called answers with
 * `Connection: keep-alive` and then stays open until `keepAliveTimeout` (65 s), past any shutdown
 * budget, while its client goes on sending requests on it; it closes idle connections at once,
 * which resets the request of a client that was just sending one; and it leaves open a connection
 * that has not sent a request yet. So while draining: replies not yet started say `Connection:
 * close` (the socket closes after them); connections carrying no request are closed after
 * `idleGraceMs`, and after that any connection as soon as its reply is done; event streams are cut
 * at once (EventSource reconnects, to another instance).
 *
 * Ours because no maintained package does this: http-terminator keeps accepting connections while
 * it drains and destroys each new one (a client sees a reset where a refusal is safe to retry), and
 * like stoppable and Node's `closeIdleConnections()` closes idle keep-alive connections at once, with
 * no grace for a request already on its way; stoppable sends no `Connection: close`; neither cuts
 * an event stream before its timeout (docs/operations.md, "SIGTERM").
 */
export function createDrainableServer(handler: RequestListener): DrainableServer {
  const inFlight = new Map<ServerResponse, boolean>();
  const sockets = new Set<Socket>();
  let draining = false;
  let graceOver = false;

  const closeIdle = () => {
    const busy = new Set<Socket | null>();
    for (const res of inFlight.keys()) busy.add(res.socket);
    // A socket already ending is one Node closes itself after a `Connection: close` reply.
    for (const socket of sockets) if (!busy.has(socket) && !socket.writableEnded) socket.destroy();
  };

  const server = createServer((req, res) => {
    if (draining) res.shouldKeepAlive = false;
    inFlight.set(res, isEventStream(req));
    res.once('close', () => {
      inFlight.delete(res);
      // A reply whose headers went out before the drain promised keep-alive: close its socket now.
      if (graceOver) closeIdle();
    });
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const drain = ({ idleGraceMs = 0 }: ShutdownDrainOptions = {}) =>
    new Promise<void>((resolve) => {
      draining = true;
      // net.Server's close: stop accepting, without http.Server's closing of idle connections.
      NetServer.prototype.close.call(server, () => resolve());
      for (const [res, stream] of inFlight) {
        if (stream) res.destroy();
        else if (!res.headersSent) res.shouldKeepAlive = false;
      }
      const endGrace = () => {
        graceOver = true;
        closeIdle();
      };
      if (idleGraceMs > 0) setTimeout(endGrace, idleGraceMs).unref();
      else endGrace();
    });

  return { server, drain };
}
