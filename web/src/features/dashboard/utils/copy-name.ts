import { NAME_MAX } from '@shm/contracts';

const SUFFIX = ' (Copy)';

/**
 * The name of a profile's copy: "<name> (Copy)", at most NAME_MAX characters. A long name is cut
 * rather than the suffix, so the copy is still recognisable as one (and never splits a surrogate pair).
 */
export function copyName(name: string, max = NAME_MAX): string {
  let base = name.trim().slice(0, Math.max(0, max - SUFFIX.length));
  if (/[\uD800-\uDBFF]$/.test(base)) base = base.slice(0, -1);
  return `${base.trimEnd()}${SUFFIX}`;
}
