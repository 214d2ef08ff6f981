import { DASHBOARD_LIMITS, ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';

export const notFound = (what: string) => AppError.notFound(`${what} not found`);

/** Checked under the wallet lock, so concurrent creations cannot pass the limit together. */
export function assertBelowLimit(count: number, kind: keyof typeof DASHBOARD_LIMITS, label: string): void {
  const limit = DASHBOARD_LIMITS[kind];
  if (count >= limit) throw new AppError(ErrorCode.LIMIT_REACHED, 409, `A wallet can keep at most ${limit} ${label}; delete one first`);
}
