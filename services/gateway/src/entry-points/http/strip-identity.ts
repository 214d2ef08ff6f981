import type { RequestHandler } from 'express';
import { IDENTITY_HEADER } from '@shm/contracts';

/** Only the gateway may state who a caller is: drop any identity claim a client sends. */
export const stripIdentity: RequestHandler = (req, _res, next) => {
  // Few requests carry a claim; only those pay for a copy of their headers without it.
  if (req.headers[IDENTITY_HEADER] !== undefined) {
    const { [IDENTITY_HEADER]: _claimed, ...headers } = req.headers;
    req.headers = headers;
  }
  next();
};
