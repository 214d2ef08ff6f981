import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { AppError } from './app-error';
import { openStreams } from './stream-limit';

/** Just enough of a response: headers and a 'close' event. */
function fakeResponse() {
  const headers: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), { headers });
  return Object.assign(res, { setHeader: (name: string, value: string) => void (res.headers[name] = value) }) as unknown as ServerResponse & {
    headers: Record<string, string>;
  };
}

const refusal = (fn: () => void): AppError | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err as AppError;
  }
};

describe('open stream caps', () => {
  it('when a key already holds its cap, then another stream for it is refused with 429 and Retry-After, while other keys still get one', () => {
    const streams = openStreams({ max: 10, maxPerKey: 2, retryAfterSeconds: 7 });
    streams.admit(fakeResponse(), 'a');
    streams.admit(fakeResponse(), 'a');
    const res = fakeResponse();
    const err = refusal(() => streams.admit(res, 'a'));
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(res.headers['Retry-After']).toBe('7');
    expect(refusal(() => streams.admit(fakeResponse(), 'b'))).toBeUndefined();
    expect(streams.open).toBe(3);
  });

  it('when the process holds its total cap, then any further stream is refused', () => {
    const streams = openStreams({ max: 2 });
    streams.admit(fakeResponse());
    streams.admit(fakeResponse(), 'x');
    expect(refusal(() => streams.admit(fakeResponse(), 'y'))).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it('when a stream closes, then its slot is free again for its key and in total', () => {
    const streams = openStreams({ max: 1, maxPerKey: 1 });
    const first = fakeResponse();
    streams.admit(first, 'a');
    first.emit('close');
    expect(streams.open).toBe(0);
    expect(streams.openFor('a')).toBe(0);
    expect(refusal(() => streams.admit(fakeResponse(), 'a'))).toBeUndefined();
  });

  it('when a stream is refused, then it takes no slot', () => {
    const streams = openStreams({ max: 1 });
    streams.admit(fakeResponse());
    refusal(() => streams.admit(fakeResponse()));
    expect(streams.open).toBe(1);
  });
});
