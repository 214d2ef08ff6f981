import { API_ENDPOINTS } from './api-endpoints';

// The API docs page shows each route's body example for a reader to copy (and the fuzz starts from
// it): an example the route's own schema refuses would teach a 400.
describe('documented body examples', () => {
  const withExamples = API_ENDPOINTS.filter((e) => e.body && e.bodyExample !== undefined);

  it('when a route takes a body, then its docs give an example', () => {
    expect(API_ENDPOINTS.filter((e) => e.body && e.bodyExample === undefined).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it.each(withExamples.map((e) => [`${e.method} ${e.path}`, e] as const))('when %s is sent its documented example, then its body schema accepts it', (_name, route) => {
    const parsed = route.body!.safeParse(route.bodyExample);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});
