/**
 * Latencies kept as counts per logarithmic bucket, so a day's percentiles are read from a few hundred
 * counters instead of every request (the sketch of DDSketch, Masson et al. 2019, with fixed buckets):
 * bucket i holds latencies in (GROWTH^(i-1), GROWTH^i] ms and reads back as the geometric middle of that
 * range, within 0.5 % of any latency it holds. Counters add up across processes (DynamoDB's ADD), which a
 * sorted list of samples cannot.
 */

/** Each bucket's upper bound is 1 % above its lower bound. */
export const LATENCY_BUCKET_GROWTH = 1.01;
/** Latencies at or under 0.01 ms share the lowest bucket. */
const SMALLEST_MS = 0.01;
const LOG_GROWTH = Math.log(LATENCY_BUCKET_GROWTH);

export function latencyBucketOf(latencyMs: number): number {
  // `|| 0` turns the -0 of a latency just above 1 ms into bucket 0.
  return Math.ceil(Math.log(Math.max(latencyMs, SMALLEST_MS)) / LOG_GROWTH - 1e-9) || 0;
}

/** The latency a bucket reads back as: the geometric middle of its range. */
export function latencyOfBucket(bucket: number): number {
  return LATENCY_BUCKET_GROWTH ** (bucket - 0.5);
}

/** Bucket -> count. */
export type LatencyHistogram = ReadonlyMap<number, number>;

export function histogramOf(latenciesMs: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const latency of latenciesMs) {
    const bucket = latencyBucketOf(latency);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return counts;
}

/**
 * Nearest-rank percentile (p in 0-100) of the latencies a histogram counts: the bucket holding the
 * smallest latency with p % of them at or below it, read back as its middle. 0 for an empty histogram.
 */
export function histogramPercentile(histogram: LatencyHistogram, p: number): number {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  const buckets = [...histogram.keys()].sort((a, b) => a - b);
  for (const bucket of buckets) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) return latencyOfBucket(bucket);
  }
  return latencyOfBucket(buckets[buckets.length - 1] as number);
}
