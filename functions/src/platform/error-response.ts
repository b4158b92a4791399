import { AppError, ConflictError, ServiceUnavailableError } from './errors';

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

/** Maps any thrown value to the one error body; never leaks a stack, table name or token. */
export function errorReplyOf(error: unknown, requestId: string): ErrorReply {
  let mapped: AppError | undefined;
  if (error instanceof AppError) mapped = error;
  else if (error instanceof Error && error.name === IDEMPOTENCY_IN_PROGRESS_ERROR)
    mapped = new ConflictError('The same request is already being processed; retry in a moment.');
  else if (isDependencyFailure(error))
    mapped = new ServiceUnavailableError('A service we depend on is unavailable. Please retry shortly.');

  if (mapped) {
    return {
      status: mapped.status,
      body: { error: mapped.message, code: mapped.code, ...mapped.extra, request_id: requestId },
      headers: { ...mapped.headers },
      fault: mapped.status >= 500,
    };
  }
  return {
    status: 500,
    body: {
      error: 'An unexpected error occurred. Please try again.',
      code: 'INTERNAL_ERROR',
      request_id: requestId,
    },
    headers: {},
    fault: true,
  };
}
