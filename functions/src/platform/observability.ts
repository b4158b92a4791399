import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { currentRequestScope } from './request-scope';

/*
 * One observability module for the whole process. Logs are request-scoped: the platform gives every
 * request (and every metered job run) a logger of its own carrying its request id, route, user id
 * and the Lambda context, kept in the request scope (AsyncLocalStorage). `logger` writes through the
 * current request's logger, or the process logger outside any request, so two requests running at
 * once in one process (the local stack, the bench) never lend each other their keys.
 */

type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

const SERVICE_NAME = process.env.POWERTOOLS_SERVICE_NAME ?? 'nugget';

/** A Powertools logger whose cold-start flag can be fixed: a request's logger reports the process's. */
class ProcessLogger extends Logger {
  private readonly fixedColdStart: boolean | undefined;

  constructor(options: ConstructorParameters<typeof Logger>[0], fixedColdStart?: boolean) {
    super(options);
    this.fixedColdStart = fixedColdStart;
  }

  protected override getColdStart(): boolean {
    return this.fixedColdStart ?? super.getColdStart();
  }

  /** A new logger for one request: its own keys, this logger's level, the invocation's context. */
  forRequest(keys: Record<string, string>, context?: Context): Logger {
    const requestLogger = new ProcessLogger(
      { serviceName: SERVICE_NAME, logLevel: this.getLevelName(), persistentKeys: keys },
      // Asked once per invocation, so only the first request of a Lambda instance says cold_start.
      context ? this.getColdStart() : false,
    );
    if (context) requestLogger.addContext(context);
    return requestLogger;
  }
}

/** Logs outside any request (cold start, the local scheduler); also the template of request loggers. */
export const processLogger = new ProcessLogger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'INFO',
});

/** A logger carrying one request's keys and Lambda context, for the platform to put in its scope. */
export function createRequestLogger(keys: Record<string, string>, context?: Context): Logger {
  return processLogger.forRequest(keys, context);
}

function activeLogger(): Logger {
  return currentRequestScope()?.logger ?? processLogger;
}

/** What the code logs through: the current request's logger, or the process logger. */
export const logger = {
  debug: (message: LogItemMessage, ...extra: LogItemExtraInput) => activeLogger().debug(message, ...extra),
  info: (message: LogItemMessage, ...extra: LogItemExtraInput) => activeLogger().info(message, ...extra),
  warn: (message: LogItemMessage, ...extra: LogItemExtraInput) => activeLogger().warn(message, ...extra),
  error: (message: LogItemMessage, ...extra: LogItemExtraInput) => activeLogger().error(message, ...extra),
};

export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Nugget',
  serviceName: SERVICE_NAME,
});
