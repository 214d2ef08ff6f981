/** The codings the web server has files in, in the order it prefers them when the client likes them equally. */
export type Coding = 'br' | 'gzip' | 'identity';
const SERVER_ORDER: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * The codings a request accepts, best first (RFC 9110 §12.5.3): each coding's weight is its own
 * `q`, else that of `*`; a coding with q=0 is refused. Identity is acceptable, last, unless refused
 * by name or by `*;q=0`. With no Accept-Encoding at all, only identity (as most servers do). `x-gzip` counts
 * as gzip. Equal weights go in the server's order: br, gzip, identity.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (header === undefined) return ['identity'];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim().toLowerCase());
      if (key === 'q') q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  const star = weights.get('*');
  // Not named: a coding takes the weight of `*` (none without it); identity, always acceptable unless
  // refused, then comes last.
  const weightOf = (coding: Coding) => weights.get(coding) ?? star ?? (coding === 'identity' ? 0.001 : 0);
  return SERVER_ORDER.map((coding, order) => ({ coding, order, q: weightOf(coding) }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ coding }) => coding);
}
