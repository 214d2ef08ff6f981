import { API_ENDPOINTS } from './api-endpoints';

// The API docs page shows each route's body example for a reader to copy (and the fuzz starts from
// it): an example the route's own schema refuses would teach a 400.
describe('documented body examples', () => {
  const withExamples = API_ENDPOINTS.flatMap((e) => (e.body && e.bodyExample !== undefined ? [[`${e.method} ${e.path}`, e.body, e.bodyExample] as const] : []));

  it('when a route takes a body, then its docs give an example', () => {
    expect(API_ENDPOINTS.filter((e) => e.body && e.bodyExample === undefined).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it.each(withExamples)('when %s is sent its documented example, then its body schema accepts it', (_name, body, example) => {
    const parsed = body.safeParse(example);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});
