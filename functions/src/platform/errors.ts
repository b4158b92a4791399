import type { Tier } from '@app/shared/domain/enums';

/** Errors the domain throws; the platform maps each to one HTTP status, once, in `error-handler.ts`. */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Extra fields of the error body (never a stack trace or an internal name). */
  readonly extra: Record<string, unknown> = {};
  readonly headers: Record<string, string> = {};
}

/**
 * Gives an error its stable message code and parameters (the body's `message_code` and `params`), so
 * the sites can word it in the reader's language; `error` stays the English text.
 */
export function withMessageCode<E extends AppError>(error: E, code: string, params: object): E {
  error.extra.message_code = code;
  error.extra.params = params;
  return error;
}

export interface FieldIssue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly issues: FieldIssue[]) {
    super(`Invalid request: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`);
    this.extra.issues = issues;
  }
}

export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHORIZED';
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}

/** 403 carrying the upgrade detail the sites show (docs/product.md "Errors and empty results": `detail.upgrade_message`). */
export class QuotaExceededError extends AppError {
  readonly status = 403;
  readonly code = 'QUOTA_EXCEEDED';
  constructor(upgradeMessage: string, requiredTier: Tier | null, userTier: Tier) {
    super(upgradeMessage);
    this.extra.detail = { upgrade_message: upgradeMessage, required_tier: requiredTier, user_tier: userTier };
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

export class MethodNotAllowedError extends AppError {
  readonly status = 405;
  readonly code = 'METHOD_NOT_ALLOWED';
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

export class IdempotencyMismatchError extends AppError {
  readonly status = 422;
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
}

export class RateLimitedError extends AppError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  constructor(retryAfterSeconds: number) {
    super(`Too many requests. Retry in ${retryAfterSeconds} s.`);
    this.extra.retry_after_seconds = retryAfterSeconds;
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message: string, retryAfterSeconds = 5) {
    super(message);
    this.extra.retry_after_seconds = retryAfterSeconds;
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** A contract route whose service is not built yet answers 501 and says so (never a fake answer). */
export class NotImplementedError extends AppError {
  readonly status = 501;
  readonly code = 'NOT_IMPLEMENTED';
}
