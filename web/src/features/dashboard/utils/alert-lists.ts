/** Newest first by creation time (ISO strings of one format sort as text); the input is left as it was. */
export const newestFirst = <T extends { createdAt: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
