import { ApiError, apiRequest, isApiError } from './api-client';
import { mockFetch } from '../testing/mock-fetch';

describe('apiRequest', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the reply is OK, then it resolves with the parsed JSON and sends cookies', async () => {
    const fetchMock = mockFetch({ status: 200, body: { ok: 1 } });
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('when a body is given, then it is posted as JSON', async () => {
    const fetchMock = mockFetch({ status: 200, body: {} });
    await apiRequest('/api/y', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('when the reply is not OK, then the error message is "status: body"', async () => {
    mockFetch({ status: 400, statusText: 'Bad Request', text: 'oops' });
    await expect(apiRequest('/api/z')).rejects.toThrow('400: oops');
  });

  it('when the reply is not OK and has no body, then the status text is used', async () => {
    mockFetch({ status: 404, statusText: 'Not Found', text: '' });
    await expect(apiRequest('/api/z')).rejects.toThrow('404: Not Found');
  });

  it('when the reply is 401 and the caller asks for null, then it resolves with null', async () => {
    mockFetch({ status: 401, statusText: 'Unauthorized', text: '' });
    await expect(apiRequest('/api/z', { nullOn401: true })).resolves.toBeNull();
  });

  it('when the reply is 401 and the caller does not ask for null, then it raises', async () => {
    mockFetch({ status: 401, statusText: 'Unauthorized', text: '' });
    await expect(apiRequest('/api/z')).rejects.toBeInstanceOf(ApiError);
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
