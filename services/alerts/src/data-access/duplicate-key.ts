/** A write refused by a unique index (E11000; FerretDB answers MongoDB's code): the record is already there. */
export function isDuplicateKey(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === 'string' && message.includes('E11000'));
}

/** Inserts, answering false instead of failing when the id is taken (an idempotent write). */
export async function insertOnce(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
