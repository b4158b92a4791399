import { describe, expect, it } from 'vitest';
import { histogramOf, histogramPercentile, latencyBucketOf, latencyOfBucket } from './latency-histogram';

describe('latency buckets', () => {
  it('puts 1.01^k ms at the top of bucket k and anything just above it in the next', () => {
    for (const k of [-300, -1, 0, 1, 250, 900]) {
      expect(latencyBucketOf(1.01 ** k)).toBe(k);
      expect(latencyBucketOf(1.01 ** k * 1.0001)).toBe(k + 1);
    }
  });

  it('reads every latency back within 0.5 %, from 0.02 ms to 10 minutes', () => {
    for (let latency = 0.02; latency < 600_000; latency *= 1.37) {
      const read = latencyOfBucket(latencyBucketOf(latency));
      expect(Math.abs(read - latency) / latency).toBeLessThan(0.005);
    }
  });

  it('counts 0 ms and negative clock noise in the lowest bucket instead of failing', () => {
    expect(latencyBucketOf(0)).toBe(latencyBucketOf(0.01));
    expect(latencyBucketOf(-3)).toBe(latencyBucketOf(0.01));
  });
});

describe('histogramPercentile (nearest rank)', () => {
  it('picks the bucket of the smallest latency with p % at or below it', () => {
    const histogram = histogramOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Ten samples: p50 is the 5th (5 ms), p95 the 10th (10 ms), p10 the 1st.
    expect(histogramPercentile(histogram, 50)).toBeCloseTo(5, 1);
    expect(histogramPercentile(histogram, 95)).toBeCloseTo(10, 1);
    expect(histogramPercentile(histogram, 10)).toBeCloseTo(1, 2);
    expect(histogramPercentile(histogramOf([42]), 95)).toBeCloseTo(42, 0);
    expect(histogramPercentile(new Map(), 50)).toBe(0);
  });
});
