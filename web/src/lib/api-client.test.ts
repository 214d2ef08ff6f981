import { z } from 'zod';
import { defineRoutes } from '@shm/contracts';
import { ApiError, InvalidReplyError, callApi, isApiError } from './api-client';
import { mockFetch } from '../testing/mock-fetch';

/** Routes of a made-up area, with each part a call can have. */
const things = defineRoutes({
  update: {
    method: 'PATCH',
    path: '/api/things/:owner/:thingId',
    service: 'calc',
    auth: 'none',
    query: z.object({ dryRun: z.enum(['yes', 'no']).optional(), limit: z.number().default(10) }),
    body: z.object({ size: z.number().int() }),
    reply: z.object({ success: z.literal(true), names: z.array(z.string()).transform((names) => names.length) }),
    errors: [],
  },
  ping: { method: 'GET', path: '/api/ping', service: 'gateway', auth: 'none', reply: z.object({ at: z.string() }), errors: [] },
});

const sent = (fetchMock: jest.Mock) => {
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

afterEach(() => jest.restoreAllMocks());

describe('callApi', () => {
  it('when a route without input is called, then it GETs its path with cookies and resolves with the parsed reply', async () => {
    const fetchMock = mockFetch({ status: 200, body: { at: 'noon', extra: 1 } });
    await expect(callApi(things.ping)).resolves.toEqual({ at: 'noon' });
    const { url, init, headers } = sent(fetchMock);
    expect([url, init.method, init.credentials, init.body]).toEqual(['/api/ping', 'GET', 'include', undefined]);
    expect(headers).toEqual({ Accept: 'application/json' });
  });

  it('when params, query, body and headers are given, then they are encoded into the request the route describes', async () => {
    const fetchMock = mockFetch({ status: 200, body: { success: true, names: ['a', 'b', 'c'] } });
    const reply = await callApi(things.update, {
      params: { owner: 'a/b c', thingId: 'x#1' },
      query: { dryRun: 'yes', limit: 5 },
      body: { size: 3 },
      headers: { Authorization: 'Bearer t' },
    });
    // The reply schema's transform ran: 3 names became their count.
    expect(reply).toEqual({ success: true, names: 3 });
    const { url, init, headers } = sent(fetchMock);
    expect([url, init.method, init.body]).toEqual(['/api/things/a%2Fb%20c/x%231?dryRun=yes&limit=5', 'PATCH', '{"size":3}']);
    expect(headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer t' });
  });

  it('when a query field is left out, then the query string has only the fields given', async () => {
    const fetchMock = mockFetch({ status: 200, body: { success: true, names: [] } });
    await callApi(things.update, { params: { owner: 'o', thingId: 't' }, query: { limit: 1, dryRun: undefined }, body: { size: 0 } });
    expect(sent(fetchMock).url).toBe('/api/things/o/t?limit=1');
  });

  it('when an OK reply is not what the route answers, then it is an invalid response format naming the route', async () => {
    mockFetch({ status: 200, body: { success: false, names: [] } });
    const error = await callApi(things.update, { params: { owner: 'o', thingId: 't' }, body: { size: 1 } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidReplyError);
    expect(error).toMatchObject({ message: 'Invalid response format', route: 'PATCH /api/things/:owner/:thingId' });
  });

  it('when the reply is not OK, then the error message is "status: body"', async () => {
    mockFetch({ status: 400, statusText: 'Bad Request', text: 'oops' });
    await expect(callApi(things.ping)).rejects.toThrow('400: oops');
  });

  it('when the reply is not OK and has no body, then the status text is used', async () => {
    mockFetch({ status: 404, statusText: 'Not Found', text: '' });
    await expect(callApi(things.ping)).rejects.toThrow('404: Not Found');
  });

  it('when the reply is 401 and the caller asks for null, then it resolves with null', async () => {
    mockFetch({ status: 401, statusText: 'Unauthorized', text: '' });
    await expect(callApi(things.ping, { nullOn401: true })).resolves.toBeNull();
  });

  it('when the reply is 401 and the caller does not ask for null, then it raises', async () => {
    mockFetch({ status: 401, statusText: 'Unauthorized', text: '' });
    await expect(callApi(things.ping)).rejects.toBeInstanceOf(ApiError);
  });

  it('when a call is given its own fetch (the server render), then the request goes through it instead of the browser fetch', async () => {
    const fetchMock = mockFetch({ status: 500, text: 'not this one' });
    const transport = jest.fn(async () => new Response(JSON.stringify({ at: 'dawn' }), { status: 200 }));
    await expect(callApi(things.ping, { fetch: transport })).resolves.toEqual({ at: 'dawn' });
    expect(transport).toHaveBeenCalledWith('/api/ping', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ApiError', () => {
  it('when the body is a standard error reply, then serverMessage is its message', () => {
    const body = JSON.stringify({ error: { code: 'PAYMENT_REQUIRED', message: 'Payment Required' } });
    const error = new ApiError(403, 'Forbidden', body);
    expect(error.serverMessage).toBe('Payment Required');
    expect(isApiError(error, 403)).toBe(true);
    expect(isApiError(error, 400)).toBe(false);
  });

  it('when the body is not JSON, then serverMessage is undefined', () => {
    expect(new ApiError(500, 'Internal', '<html>').serverMessage).toBeUndefined();
  });
});

/**
 * What callApi's types accept and refuse, checked by tsc (`npm test -- typecheck`): each
 * `@ts-expect-error` fails the check if the call it marks stops being an error. Never run.
 */
export async function typedCalls(): Promise<unknown[]> {
  const count: number = (await callApi(things.update, { params: { owner: 'o', thingId: 't' }, body: { size: 1 } })).names;
  const maybe: { at: string } | null = await callApi(things.ping, { nullOn401: true });
  // @ts-expect-error the reply is parsed, so `names` is the transform's number, not the strings sent
  const names: string[] = (await callApi(things.update, { params: { owner: 'o', thingId: 't' }, body: { size: 1 } })).names;
  // @ts-expect-error without nullOn401 the reply is never null
  const never: null = await callApi(things.ping);
  // @ts-expect-error a path placeholder is missing
  await callApi(things.update, { params: { owner: 'o' }, body: { size: 1 } });
  // @ts-expect-error the body is the route's schema's input: size is a number
  await callApi(things.update, { params: { owner: 'o', thingId: 't' }, body: { size: '1' } });
  // @ts-expect-error the route takes a body
  await callApi(things.update, { params: { owner: 'o', thingId: 't' } });
  // @ts-expect-error a route without a body takes none
  await callApi(things.ping, { body: {} });
  // @ts-expect-error a query field outside the schema's enum
  await callApi(things.update, { params: { owner: 'o', thingId: 't' }, query: { dryRun: 'maybe' }, body: { size: 1 } });
  return [count, maybe, names, never];
}
