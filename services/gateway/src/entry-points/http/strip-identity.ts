import type { RequestHandler } from 'express';
import { IDENTITY_HEADER } from '@shm/contracts';

/** Only the gateway may state who a caller is: drop any identity claim a client sends. */
export const stripIdentity: RequestHandler = (req, _res, next) => {
  delete req.headers[IDENTITY_HEADER];
  next();
};
