import type { Request } from 'express';
import { ErrorCode } from '@shm/contracts';
import { AppError, signedInWallet } from '@shm/platform';
import type { DashboardFlag } from '../../domain/ports';

export interface CallerCheck {
  flag: DashboardFlag;
  secret: string;
}

/**
 * The signed-in wallet a dashboard call acts for: the flag must be on (403 FEATURE_DISABLED), a
 * wallet must be signed in (401). A wallet the request names must then be it (assertSameWallet, 403).
 */
export function dashboardCaller(req: Request, { flag, secret }: CallerCheck): string {
  if (!flag.isOn()) throw new AppError(ErrorCode.FEATURE_DISABLED, 403, 'The personalised dashboard is turned off');
  return signedInWallet(req, secret);
}
