import { API_ROUTES, type Route } from '@shm/contracts';
import { pathToRegexp } from 'path-to-regexp';

/**
 * A template's test of a concrete path, as express's router builds it (path-to-regexp, the version
 * express 5 uses): case-insensitive, one trailing slash ignored, a `:param` one non-empty segment.
 */
const patternOf = (template: string): RegExp => pathToRegexp(template, { sensitive: false, trailing: true, end: true }).regexp;

/** Segment by segment, `0` for a literal and `1` for a `:param`: the lower sorts, and so matches, first. */
const rankOf = (template: string): string =>
  template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '1' : '0'))
    .join('');

/**
 * The express-style template (`/api/session/:sessionId`) a path falls under, or undefined. A literal
 * segment wins over a `:param` at the same place (given `/things/new` and `/things/:id`, the path
 * `/things/new` is `/things/new`), where express would take whichever was registered first. Matching
 * is by path alone: the method is a label of its own.
 */
export function routeTemplateMatcher(templates: readonly string[]): (path: string) => string | undefined {
  const ordered = [...new Set(templates)]
    .map((template) => ({ template, rank: rankOf(template), pattern: patternOf(template) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return (path) => ordered.find(({ pattern }) => pattern.test(path))?.template;
}

/**
 * The routes a concrete path falls under, whatever their method (the gateway's 405 and its payment
 * rate limit), matched as express matches them.
 */
export function routeMatcher<R extends Route>(routes: readonly R[]): (path: string) => R[] {
  const patterns = routes.map((route) => ({ route, pattern: patternOf(route.path) }));
  return (path) => patterns.filter(({ pattern }) => pattern.test(path)).map(({ route }) => route);
}

let apiMatcher: ((path: string) => string | undefined) | undefined;

/** The API registry's template for a path (`/api/wallet/0xab…/session-info` → `/api/wallet/:address/session-info`). */
export function apiRouteTemplate(path: string): string | undefined {
  apiMatcher ??= routeTemplateMatcher(API_ROUTES.map((r) => r.path));
  return apiMatcher(path);
}
