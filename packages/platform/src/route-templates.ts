import { API_ENDPOINTS } from '@shm/contracts';

interface TrieNode {
  literal: Map<string, TrieNode>;
  param?: TrieNode;
  template?: string;
}

const node = (): TrieNode => ({ literal: new Map() });

function walk(at: TrieNode, segments: readonly string[], i: number): string | undefined {
  if (i === segments.length) return at.template;
  const segment = segments[i]!;
  const literal = at.literal.get(segment);
  const found = literal && walk(literal, segments, i + 1);
  if (found) return found;
  // A `:param` takes any one non-empty segment, as express's `[^/]+` does.
  return segment && at.param ? walk(at.param, segments, i + 1) : undefined;
}

/** Paths remembered at most; a flood of distinct ids (addresses, session ids) starts the memory over. */
const REMEMBERED = 1000;

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
        let next = at.literal.get(segment);
        if (!next) at.literal.set(segment, (next = node()));
        at = next;
      }
    }
    at.template ??= template;
  }
  // The same few paths carry most of the traffic: each is split and walked once.
  const known = new Map<string, string | null>();
  return (path) => {
    const remembered = known.get(path);
    if (remembered !== undefined) return remembered ?? undefined;
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const found = trimmed.startsWith('/') ? walk(root, trimmed.split('/').slice(1), 0) : undefined;
    if (known.size >= REMEMBERED) known.clear();
    known.set(path, found ?? null);
    return found;
  };
}

let apiMatcher: ((path: string) => string | undefined) | undefined;

/** The API registry's template for a path (`/api/wallet/0xab…/session-info` → `/api/wallet/:address/session-info`). */
export function apiRouteTemplate(path: string): string | undefined {
  apiMatcher ??= routeTemplateMatcher(API_ENDPOINTS.map((e) => e.path));
  return apiMatcher(path);
}
