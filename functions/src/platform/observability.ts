import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * One logger and one metrics instance for the whole process: every log line carries the request id,
 * route and user id once the platform appends them for a request.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'nugget',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});

export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Nugget',
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'nugget',
});
