/*
 * Why a model's answer could not be used (docs/product.md "The analyst"): the service answers with
 * the template instead, and logs and counts the failure.
 */

/** Tokens the model read and wrote (platform/cost-recorder.ts prices Bedrock's). */
export interface ModelTokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export const NO_TOKENS: ModelTokenUsage = { input_tokens: 0, output_tokens: 0 };

/**
 * timeout: no answer within the time given; malformed: the reply is not the JSON asked for;
 * http_error: the server answered with an error status; unreachable: no server answered.
 */
export type ModelWriterFailure = 'timeout' | 'malformed' | 'http_error' | 'unreachable';

export class ModelWriterError extends Error {
  constructor(
    readonly failure: ModelWriterFailure,
    message: string,
    /** Tokens spent before the failure (a malformed answer still cost them). */
    readonly usage: ModelTokenUsage = NO_TOKENS,
  ) {
    super(message);
    this.name = 'ModelWriterError';
  }
}

/** The HTTP status an AWS SDK error carries (`$metadata.httpStatusCode`), if any. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata;
  return typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

/**
 * A failure of the request itself: a timeout when the signal fired, an http error when a server
 * answered with an error status, else no server answered.
 */
export function requestFailure(error: unknown, signal: AbortSignal): ModelWriterError {
  if (error instanceof ModelWriterError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (signal.aborted) return new ModelWriterError('timeout', `the model did not answer in time (${message})`);
  const status = httpStatusOf(error);
  if (status !== undefined)
    return new ModelWriterError('http_error', `the model server answered ${status} (${message})`);
  return new ModelWriterError('unreachable', `the model could not be reached (${message})`);
}
