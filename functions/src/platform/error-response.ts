import type { Language } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import { AppError, ConflictError, ServiceUnavailableError, type FieldIssue } from './errors';
import { render, rendererFor, wireParams } from './messages';

export interface ErrorReply {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** True for real faults, which are logged with their stack. */
  fault: boolean;
}

/**
 * Powertools' in-progress error, recognised by name: importing its class would pull the whole
 * idempotency package and its JMESPath engine (about 40 KB minified) into every area's bundle, when
 * only the routes that take an Idempotency-Key load it.
 */
const IDEMPOTENCY_IN_PROGRESS_ERROR = 'IdempotencyAlreadyInProgressError';

/** Error names of AWS SDK and network failures that mean "a dependency is down": answer 503, not 500. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'NetworkingError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'JWKSTimeout',
]);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
]);

function isDependencyFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const withCode = error as Error & {
    code?: unknown;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
  };
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  if (typeof withCode.code === 'string' && UNAVAILABLE_CODES.has(withCode.code)) return true;
  if ((withCode.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (error instanceof AggregateError) return error.errors.some(isDependencyFailure);
  return withCode.cause !== undefined && isDependencyFailure(withCode.cause);
}

/**
 * The body fields every error carries: the text in the caller's language, the message code and its
 * parameters (so a site can render the code itself), and the request id.
 */
export function messageBody(
  category: string,
  said: Message,
  language: Language,
  requestId: string,
): Record<string, unknown> {
  return {
    error: render(said, language),
    code: category,
    message_code: said.code,
    params: wireParams(said.params, language),
    request_id: requestId,
  };
}

function issuesBody(issues: readonly FieldIssue[], language: Language) {
  return issues.map((issue) => ({
    path: issue.path,
    message: render(issue.message, language),
    message_code: issue.message.code,
    params: wireParams(issue.message.params, language),
  }));
}

/**
 * Maps any thrown value to the one error body, in the caller's language; never leaks a stack, table
 * name or token.
 */
export function errorReplyOf(error: unknown, requestId: string, language: Language = 'en'): ErrorReply {
  let mapped: AppError | undefined;
  if (error instanceof AppError) mapped = error;
  else if (error instanceof Error && error.name === IDEMPOTENCY_IN_PROGRESS_ERROR)
    mapped = new ConflictError(message('REQUEST_ALREADY_IN_PROGRESS'));
  else if (isDependencyFailure(error)) mapped = new ServiceUnavailableError();

  if (mapped) {
    const body = {
      ...messageBody(mapped.code, mapped.userMessage, language, requestId),
      ...mapped.extraFor(rendererFor(language)),
      ...(mapped.issues.length > 0 ? { issues: issuesBody(mapped.issues, language) } : {}),
    };
    return { status: mapped.status, body, headers: { ...mapped.headers }, fault: mapped.status >= 500 };
  }
  return {
    status: 500,
    body: messageBody('INTERNAL_ERROR', message('INTERNAL_ERROR'), language, requestId),
    headers: {},
    fault: true,
  };
}
