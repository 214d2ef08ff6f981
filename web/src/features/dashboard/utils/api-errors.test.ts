import { ApiError } from '../../../lib/api-client';
import { SIGNED_OUT_MESSAGE, failureDetail, fieldErrorsOf } from './api-errors';

const reply = (code: string, message: string, fields?: Record<string, string>) =>
  JSON.stringify({ error: { code, message, requestId: 'r1', ...(fields ? { fields } : {}) } });

describe('fieldErrorsOf', () => {
  it('when the server answers 400 with fields, then each field keeps its message', () => {
    const fields = { profileName: 'Must be 1–80 characters', targetTimeframe: 'Must be at least 1 month' };
    const error = new ApiError(400, 'Bad Request', reply('VALIDATION_FAILED', 'profileName: Must be 1–80 characters', fields));
    expect(fieldErrorsOf(error)).toEqual({ profileName: 'Must be 1–80 characters', targetTimeframe: 'Must be at least 1 month' });
  });

  it('when the error is not a 400, has no fields or no JSON body, then there are none', () => {
    expect(fieldErrorsOf(new ApiError(409, 'Conflict', reply('LIMIT_REACHED', 'Too many')))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'Bad Request', reply('INVALID_JSON', 'Bad JSON')))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'Bad Request', '<html>'))).toEqual({});
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
  });
});

describe('failureDetail', () => {
  it('when the sign-in has ended (401), then the visitor is told to reconnect', () => {
    expect(failureDetail(new ApiError(401, 'Unauthorized', reply('UNAUTHORIZED', 'Sign in first')), 'x')).toBe(SIGNED_OUT_MESSAGE);
  });

  it('when the server explains (409, 403), then its message is shown', () => {
    const limit = new ApiError(409, 'Conflict', reply('LIMIT_REACHED', 'A wallet can keep at most 50 profiles; delete one first'));
    expect(failureDetail(limit, 'x')).toBe('A wallet can keep at most 50 profiles; delete one first');
    const off = new ApiError(403, 'Forbidden', reply('FEATURE_DISABLED', 'The personalised dashboard is turned off'));
    expect(failureDetail(off, 'x')).toBe('The personalised dashboard is turned off');
  });

  it('when the body is not an error reply or the request never reached the server, then the fallback', () => {
    expect(failureDetail(new ApiError(502, 'Bad Gateway', ''), 'Could not save.')).toBe('Could not save.');
    expect(failureDetail(new TypeError('Failed to fetch'), 'Could not save.')).toBe('Could not save.');
  });
});
