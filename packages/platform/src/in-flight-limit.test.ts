import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inFlightLimit } from './in-flight-limit';
import { createLogger } from './logger';

const request = (url: string, id?: string) => ({ url, headers: id ? { 'x-request-id': id } : {} }) as unknown as IncomingMessage;

/** Just enough of a response: what writeHead and end were given, and a 'close' event. */
function fakeResponse() {
  const sent = { status: 0, headers: {} as Record<string, string | number>, body: '' };
  const res = Object.assign(new EventEmitter(), {
    sent,
    writeHead(status: number, headers: Record<string, string | number>) {
      sent.status = status;
      sent.headers = headers;
      return res;
    },
    end(body: string) {
      sent.body = body;
    },
  });
  return res as unknown as ServerResponse & { sent: typeof sent };
}

const limit = (max: number) =>
  inFlightLimit({ max, retryAfterSeconds: 2, exempt: (path) => path === '/healthz', logger: createLogger('test', 'silent') });

describe('in-flight limit (load shedding)', () => {
  it('when the bound is reached, then the next request is answered 503 OVERLOADED with Retry-After and its request id, and is not counted', () => {
    const shed = limit(2);
    expect(shed.admit(request('/a'), fakeResponse())).toBe(true);
    expect(shed.admit(request('/b?x=1'), fakeResponse())).toBe(true);
    const res = fakeResponse();
    expect(shed.admit(request('/c', 'req-7'), res)).toBe(false);
    expect(res.sent.status).toBe(503);
    expect(res.sent.headers).toMatchObject({ 'retry-after': '2', 'x-request-id': 'req-7', 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(res.sent.body)).toEqual({ error: { code: 'OVERLOADED', message: 'The server is busy; try again shortly', requestId: 'req-7' } });
    expect(res.sent.headers['content-length']).toBe(Buffer.byteLength(res.sent.body));
    expect([shed.inFlight, shed.refused]).toEqual([2, 1]);
  });

  it('when an admitted reply closes, then its slot is free again (once, however often close is seen)', () => {
    const shed = limit(1);
    const first = fakeResponse();
    shed.admit(request('/a'), first);
    expect(shed.admit(request('/b'), fakeResponse())).toBe(false);
    first.emit('close');
    first.emit('close');
    expect(shed.inFlight).toBe(0);
    expect(shed.admit(request('/c'), fakeResponse())).toBe(true);
    expect(shed.inFlight).toBe(1);
  });

  it('when a path is exempt, then it passes at the bound and takes no slot', () => {
    const shed = limit(1);
    shed.admit(request('/a'), fakeResponse());
    expect(shed.admit(request('/healthz'), fakeResponse())).toBe(true);
    expect(shed.inFlight).toBe(1);
  });
});
