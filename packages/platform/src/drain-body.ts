import type { RequestHandler } from 'express';

export interface DrainOptions {
  /** Bytes of an unread body read and thrown away at most before the connection is closed instead. */
  maxBytes?: number;
  /** How long at most to keep reading it. */
  maxMs?: number;
}

/**
 * A reply can go out before its request body has all arrived: a 413, or an upstream that answered
 * early. Once something has started reading the body (a parser that gave up, a proxy that stopped
 * piping), Node leaves the rest unread: the keep-alive connection then stalls (the client's next
 * request on it never gets an answer) and a client that hangs up leaves the socket in CLOSE-WAIT.
 * So when a reply finishes first, read the rest of the body and throw it away, as Node does for a
 * body nobody touched; past `maxBytes` or `maxMs`, close the connection rather than keep reading.
 */
export function drainUnreadBody({ maxBytes = 8 * 1024 * 1024, maxMs = 10_000 }: DrainOptions = {}): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (req.complete || req.destroyed) return;
      req.unpipe();
      req.removeAllListeners('data');
      req.removeAllListeners('readable');
      let left = maxBytes;
      const giveUp = () => void req.socket?.destroy();
      const timer = setTimeout(giveUp, maxMs);
      timer.unref();
      req.on('data', (chunk: Buffer) => {
        left -= chunk.length;
        if (left < 0) giveUp();
      });
      req.once('end', () => clearTimeout(timer));
      req.once('close', () => clearTimeout(timer));
      req.resume();
    });
    next();
  };
}
