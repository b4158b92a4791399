/**
 * What the functions emit as CloudWatch embedded metrics (Powertools Metrics) and the dashboard reads.
 * Powertools adds the `service` dimension (POWERTOOLS_SERVICE_NAME, `nugget-<stage>`), which keeps the
 * stages apart when dev and prod share an account; the platform adds `route` (the route key, or
 * `job:<name>` for a job run) and `tier` (FREE, PREMIUM, PRO, DEMO, ADMIN, or SYSTEM for jobs).
 */
export const METRICS_NAMESPACE = 'Nugget';

export const METRIC_NAMES = {
  /** Estimated cost of one request or job run in US dollars (unit None), priced by the dated price table. */
  requestCost: 'RequestCostUsd',
  /** One per request (unit Count). */
  requests: 'Requests',
  /** Handler latency in milliseconds. */
  latency: 'Latency',
  /**
   * 1 when a provider's circuit breaker is open, 0 when closed (unit Count), emitted by the ingestion
   * planner every run with the dimensions `service` and `provider` (functions/src/jobs/ingestion-planner.ts).
   */
  providerBreakerOpen: 'ProviderBreakerOpen',
} as const;

export const METRIC_DIMENSIONS = ['route', 'service', 'tier'] as const;

export function serviceNameOf(stage: string): string {
  return `nugget-${stage}`;
}
