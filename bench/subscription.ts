/**
 * Latency of the two subscription calls every gated screen makes, measured over HTTP against a
 * running local stack: `GET /check-feature/{feature}` (two strongly consistent reads) and
 * `POST /use-feature/{feature}` (one read and one conditional UpdateItem). Requests are sequential, so
 * the figures are per-request latency, not throughput.
 *
 * The token decides what use-feature measures: for a PRO caller every call counts a unit (the
 * unconditional write path); for a FREE or PREMIUM caller the calls past the daily limit measure the
 * refused path (the conditional check fails, 403). The status counts in the result say which ran.
 */

import { summariseLatency, type LatencyFigures } from './report-format';

export interface SubscriptionBenchResult {
  base_url: string;
  feature: string;
  check_feature: LatencyFigures;
  use_feature: LatencyFigures;
}

export interface SubscriptionBenchOptions {
  /** Requests per call, after the warm-up. */
  requests?: number;
  /** Untimed requests first (JIT, connection pool, JWKS cache). */
  warmUp?: number;
  feature?: string;
}

async function measure(count: number, call: () => Promise<Response>): Promise<LatencyFigures> {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  return summariseLatency(samples, statuses);
}

/**
 * @param baseUrl the site origin serving `/api`, e.g. http://127.0.0.1:3000
 * @param token an investor's access token
 */
export async function runSubscriptionBench(
  baseUrl: string,
  token: string,
  options: SubscriptionBenchOptions = {},
): Promise<SubscriptionBenchResult> {
  const requests = options.requests ?? 500;
  const warmUp = options.warmUp ?? 20;
  const feature = options.feature ?? 'ai_recommendations';
  const headers = { authorization: `Bearer ${token}` };
  const checkUrl = new URL(`/api/subscription/check-feature/${feature}`, baseUrl);
  const useUrl = new URL(`/api/subscription/use-feature/${feature}`, baseUrl);
  const check = () => fetch(checkUrl, { headers });
  const use = () => fetch(useUrl, { method: 'POST', headers });

  await measure(warmUp, check);
  const checkFigures = await measure(requests, check);
  await measure(warmUp, use);
  const useFigures = await measure(requests, use);
  return { base_url: baseUrl, feature, check_feature: checkFigures, use_feature: useFigures };
}
