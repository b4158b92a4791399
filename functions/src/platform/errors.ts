import type { Tier } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { FieldIssue } from '@app/shared/messages/field-issues';
import type { Render } from './messages';

export type { FieldIssue } from '@app/shared/messages/field-issues';

/**
 * Errors the domain throws; the platform maps each to one HTTP status and one body, once, in
 * `error-response.ts`. Each carries a message (a code of the shared catalogue and its parameters),
 * never a sentence: the body's text is rendered in the caller's language there. `code` is the
 * machine category (VALIDATION_FAILED, QUOTA_EXCEEDED...); the message code says what happened.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Extra fields of the error body (never a stack trace or an internal name). */
  readonly extra: Record<string, unknown> = {};
  readonly headers: Record<string, string> = {};

  constructor(
    readonly userMessage: Message,
    /** One message per bad field, for a 400 (the body's `issues`). */
    readonly issues: readonly FieldIssue[] = [],
  ) {
    // The code, not a sentence: logs read `error.message` and stay language-neutral.
    super(userMessage.code);
  }

  /** The extra body fields in the caller's words (subclasses with texts in `extra` override this). */
  extraFor(_render: Render): Record<string, unknown> {
    return this.extra;
  }
}

/** 400 naming each bad field: the body's `issues` hold one rendered message per field. */
export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
  constructor(issues: readonly FieldIssue[]) {
    super(message('REQUEST_INVALID', { issues: issues.map((issue) => issue.message) }), issues);
  }
}

/** One field's problem as a ValidationError: `fieldError('body.purchase_date', message(...))`. */
export function fieldError(path: string, problem: Message): ValidationError {
  return new ValidationError([{ path, message: problem }]);
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

/**
 * 403 carrying the upgrade detail the sites show (docs/product.md "Errors and empty results":
 * `detail.upgrade_message`, the same text as `error`, in the caller's language).
 */
export class QuotaExceededError extends AppError {
  readonly status = 403;
  readonly code = 'QUOTA_EXCEEDED';
  constructor(
    upgradeMessage: Message,
    readonly requiredTier: Tier | null,
    readonly userTier: Tier,
  ) {
    super(upgradeMessage);
  }

  override extraFor(render: Render): Record<string, unknown> {
    return {
      detail: {
        upgrade_message: render(this.userMessage),
        required_tier: this.requiredTier,
        user_tier: this.userTier,
      },
    };
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
  constructor() {
    super(message('REQUEST_IDEMPOTENCY_KEY_REUSED'));
  }
}

export class RateLimitedError extends AppError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  constructor(retryAfterSeconds: number) {
    super(message('REQUEST_RATE_LIMITED', { count: retryAfterSeconds }));
    this.extra.retry_after_seconds = retryAfterSeconds;
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(reason: Message = message('SERVICE_UNAVAILABLE'), retryAfterSeconds = 5) {
    super(reason);
    this.extra.retry_after_seconds = retryAfterSeconds;
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}
