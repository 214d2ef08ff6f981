import http from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * POSTs `bytes` of a JSON-looking body with `Transfer-Encoding: chunked` (no Content-Length), in
 * chunks of `chunkSize`. Resolves with the reply, or rejects when the connection breaks first.
 */
export function postChunked(url: string, body: string | { bytes: number; chunkSize?: number }, headers: Record<string, string> = {}): Promise<RawResponse> {
  const chunks =
    typeof body === 'string'
      ? [body]
      : Array.from({ length: Math.ceil(body.bytes / (body.chunkSize ?? 16_384)) }, (_, i) =>
          'x'.repeat(Math.min(body.chunkSize ?? 16_384, body.bytes - i * (body.chunkSize ?? 16_384))),
        );
  // Keep-alive, as a browser's connection is (without an agent Node's client sends `Connection: close`).
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // An early reply may stop the upload; the reply is what the test reads.
    const write = (index: number): void => {
      const chunk = chunks[index];
      if (chunk === undefined || req.destroyed) return void req.end();
      if (req.write(chunk)) return write(index + 1);
      req.once('drain', () => write(index + 1));
    };
    write(0);
  }).finally(() => agent.destroy());
}

export type Exchange = RawResponse | { closed: 'cleanly' };

/**
 * A raw keep-alive connection, for tests that need to control exactly what goes over one socket
 * (several requests in a row, a body cut short). `next()` reads the next response, or reports a
 * clean close (FIN); a reset or silence past the timeout rejects.
 */
export async function rawConnection(url: string): Promise<{ socket: Socket; send(data: string | Buffer): void; next(timeoutMs?: number): Promise<Exchange>; close(): void }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = Buffer.alloc(0);
  let ended = false;
  let failure: Error | undefined;
  const wake: (() => void)[] = [];
  const notify = () => wake.splice(0).forEach((w) => w());
  socket.on('data', (d: Buffer) => ((buffer = Buffer.concat([buffer, d])), notify()));
  socket.on('end', () => ((ended = true), notify()));
  socket.on('error', (err) => ((failure = err), notify()));

  const parse = (): RawResponse | undefined => {
    const head = buffer.indexOf('\r\n\r\n');
    if (head < 0) return undefined;
    const [statusLine = '', ...lines] = buffer.subarray(0, head).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const rest = buffer.subarray(head + 4);
    let body: Buffer | undefined;
    let used = 0;
    if (headers['transfer-encoding'] === 'chunked') {
      const end = rest.indexOf('\r\n0\r\n\r\n');
      const empty = rest.subarray(0, 5).toString() === '0\r\n\r\n';
      if (end < 0 && !empty) return undefined;
      used = empty ? 5 : end + 7;
      body = decodeChunked(rest.subarray(0, used));
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return undefined;
      used = length;
      body = rest.subarray(0, length);
    }
    buffer = rest.subarray(used);
    return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
  };

  return {
    socket,
    send: (data) => void socket.write(data),
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const response = parse();
        if (response) return response;
        if (failure) throw failure;
        if (ended) return { closed: 'cleanly' };
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no response and no close within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake.push(() => (clearTimeout(timer), resolve()));
        });
      }
    },
    close: () => void socket.destroy(),
  };
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, eol).toString(), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** A chunked request as raw bytes: headers, then `bytes` of body in 16 KiB chunks, then the last chunk. */
export function chunkedRequest(path: string, bytes: number, headers: Record<string, string> = {}): Buffer {
  const head = [`POST ${path} HTTP/1.1`, 'Host: test', 'Content-Type: application/json', 'Transfer-Encoding: chunked', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  const parts: Buffer[] = [Buffer.from(`${head.join('\r\n')}\r\n\r\n`)];
  for (let left = bytes; left > 0; left -= 16_384) {
    const n = Math.min(16_384, left);
    parts.push(Buffer.from(`${n.toString(16)}\r\n${'x'.repeat(n)}\r\n`));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}
