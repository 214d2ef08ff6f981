import { API_ROUTES } from '@shm/contracts';

interface TrieNode {
  literals: [segment: string, next: TrieNode][];
  param?: TrieNode;
  template?: string;
}

const node = (): TrieNode => ({ literals: [] });

/**
 * The template below `at` for the rest of `path` from `pos` (the start of a segment), read in place:
 * no split, no substring, so a path never seen before (a new wallet's) costs a few comparisons.
 */
function walk(at: TrieNode, path: string, pos: number): string | undefined {
  if (pos > path.length) return at.template;
  const slash = path.indexOf('/', pos);
  const end = slash < 0 ? path.length : slash;
  const length = end - pos;
  const { literals } = at;
  for (let i = 0; i < literals.length; i++) {
    const [segment, next] = literals[i]!;
    if (segment.length !== length || !path.startsWith(segment, pos)) continue;
    const found = walk(next, path, end + 1);
    if (found) return found;
  }
  // A `:param` takes any one non-empty segment, as express's `[^/]+` does.
  return length > 0 && at.param ? walk(at.param, path, end + 1) : undefined;
}

/**
 * The express-style template (`/api/session/:sessionId`) a path falls under, or undefined. A literal
 * segment wins over a `:param` at the same place (given `/things/new` and `/things/:id`, the path
 * `/things/new` is `/things/new`); one trailing slash is ignored, as express ignores it. Matching is
 * by path alone: the method is a label of its own.
 */
export function routeTemplateMatcher(templates: readonly string[]): (path: string) => string | undefined {
  const root = node();
  for (const template of templates) {
    let at = root;
    for (const segment of template.split('/').slice(1)) {
      if (segment.startsWith(':')) at = at.param ??= node();
      else {
        let next = at.literals.find(([literal]) => literal === segment)?.[1];
        if (!next) at.literals.push([segment, (next = node())]);
        at = next;
      }
    }
    at.template ??= template;
  }
  return (path) => {
    if (path.charCodeAt(0) !== 47 /* '/' */) return undefined;
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return walk(root, trimmed, 1);
  };
}

let apiMatcher: ((path: string) => string | undefined) | undefined;

/** The API registry's template for a path (`/api/wallet/0xab…/session-info` → `/api/wallet/:address/session-info`). */
export function apiRouteTemplate(path: string): string | undefined {
  apiMatcher ??= routeTemplateMatcher(API_ROUTES.map((r) => r.path));
  return apiMatcher(path);
}
