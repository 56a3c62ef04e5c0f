import type { ErrorBody, ErrorCode } from '@wallet/contract';

/** What an answer may say besides its code (a figure the member's text names). */
export type ErrorDetails = Omit<ErrorBody, 'message'>;

/** The one error type of the server: a code from the contract and its HTTP status (DESIGN §4). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly details: ErrorDetails = {},
    /** Sent as Retry-After: when the same call may be tried again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode) => new AppError(code, 400);
export const unauthorized = (code: ErrorCode) => new AppError(code, 401);
export const forbidden = (code: ErrorCode) => new AppError(code, 403);
export const notFound = (code: ErrorCode = 'NO_DATA') => new AppError(code, 404);
export const conflict = (code: ErrorCode) => new AppError(code, 409);
export const businessRule = (code: ErrorCode, details?: ErrorDetails) => new AppError(code, 422, details);
export const tooMany = (code: ErrorCode) => new AppError(code, 429);
/** The node has more of this work than it can take now; the same call may be tried after the given seconds. */
export const busy = (retryAfterSeconds: number) => new AppError('BUSY', 503, {}, retryAfterSeconds);
