import { ErrorCode } from '@shm/contracts';

/** The one error type services throw on purpose; the error middleware turns it into the reply shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fields: Record<string, string>): AppError {
    const message = Object.entries(fields)
      .map(([path, msg]) => `${path}: ${msg}`)
      .join('; ');
    return new AppError(ErrorCode.VALIDATION_FAILED, 400, message, fields);
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError(ErrorCode.NOT_FOUND, 404, message);
  }
}
