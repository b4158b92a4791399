import { rendererFor } from '../platform/messages';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../platform/errors';
import type { CostDayTotal } from '../data/costs-repository';
import { histogramOf } from '../platform/latency-histogram';
import { costRowOf, createRecordsCostSource, getCosts, resolveCostRange } from './costs-service';

/** Nearest-rank percentile of the samples themselves, the exact figure the buckets approximate. */
function exactPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number;
}

const totalOf = (route: string, latencies: number[], totalUsd: number): CostDayTotal => ({
  day: '2026-11-20',
  route,
  requests: latencies.length,
  total_usd: totalUsd,
  latency_buckets: histogramOf(latencies),
  bedrock_input_tokens: 0,
  bedrock_output_tokens: 0,
  model_input_tokens: 0,
  model_output_tokens: 0,
});

describe('costRowOf', () => {
  it('reads requests, cost and cost per 1,000 requests from the totals, percentiles within 0.5 % of the samples', () => {
    const latencies = [10, 30, 20];
    const row = costRowOf(totalOf('GET /api/a', latencies, 0.000009));
    expect(row).toMatchObject({
      day: '2026-11-20',
      route: 'GET /api/a',
      requests: 3,
      average_cost_usd: 0.000003,
      total_cost_usd: 0.000009,
      cost_per_1000_usd: 0.003,
    });
    // Nearest rank of 3 samples: p50 is the 2nd (20 ms), p95 the 3rd (30 ms).
    expect(Math.abs(row.p50_ms - 20) / 20).toBeLessThanOrEqual(0.005);
    expect(Math.abs(row.p95_ms - 30) / 30).toBeLessThanOrEqual(0.005);
  });

  it("carries the day's model tokens, each kind in its own column", () => {
    const row = costRowOf({
      ...totalOf('POST /api/ai/analyst', [900], 0.00001),
      bedrock_input_tokens: 1200,
      bedrock_output_tokens: 80,
      model_input_tokens: 3400,
      model_output_tokens: 150,
    });
    expect(row).toMatchObject({
      bedrock_input_tokens: 1200,
      bedrock_output_tokens: 80,
      model_input_tokens: 3400,
      model_output_tokens: 150,
    });
  });

  it('keeps the percentiles of a spread of 1,000 latencies within 0.5 % of the exact ones', () => {
    // Deterministic spread over 0.3 ms - 3 s (a linear congruential sequence, no test randomness).
    let seed = 7;
    const latencies = Array.from({ length: 1000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 0.3 * 10 ** ((seed / 2 ** 31) * 4);
    });
    const row = costRowOf(totalOf('GET /api/b', latencies, 0.001));
    for (const [p, figure] of [
      [50, row.p50_ms],
      [95, row.p95_ms],
    ] as const) {
      const exact = exactPercentile(latencies, p);
      expect(Math.abs(figure - exact) / exact).toBeLessThanOrEqual(0.005 + 0.01 / exact);
    }
  });
});

describe('resolveCostRange', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('defaults to the last 7 UTC days including today', () => {
    const range = resolveCostRange({}, now);
    expect(range).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(range.days).toHaveLength(7);
  });

  it('refuses a reversed or too long range, naming query.from', () => {
    expect(() => resolveCostRange({ from: '2026-11-23', to: '2026-11-22' }, now)).toThrow(ValidationError);
    const tooLong = (() => {
      try {
        resolveCostRange({ from: '2026-01-01', to: '2026-11-22' }, now);
        return null;
      } catch (error: unknown) {
        return error;
      }
    })();
    expect(tooLong).toBeInstanceOf(ValidationError);
    expect((tooLong as ValidationError).issues[0]?.path).toBe('query.from');
  });
});

describe('getCosts from local records', () => {
  it('reads one partition per day and answers rows sorted by day and route', async () => {
    const asked: string[] = [];
    const source = createRecordsCostSource({
      listCostDayTotals: async (day) => {
        asked.push(day);
        return day === '2026-11-21' ? [{ ...totalOf('GET /api/x', [5], 0.000001), day }] : [];
      },
    });
    const response = await getCosts(
      source,
      { from: '2026-11-20', to: '2026-11-22' },
      new Date(),
      rendererFor('fr'),
    );
    expect(asked.sort()).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(response.rows).toHaveLength(1);
    expect(response.rows[0]).toMatchObject({ day: '2026-11-21', route: 'GET /api/x', requests: 1 });
    expect(response.price_table.region).toBe('us-east-1');
    expect(response.price_table.source).toMatch(/^prix publics AWS \(https:\/\/aws\.amazon\.com\//);
  });
  it('reads a day once for concurrent asks and for 5 s after, then anew; a failed read is not kept', async () => {
    let now = 1_000_000;
    const reads: string[] = [];
    let fail = false;
    const source = createRecordsCostSource(
      {
        listCostDayTotals: async (day) => {
          reads.push(day);
          if (fail) throw new Error('database down');
          return [{ ...totalOf('GET /api/x', [5], 0.000001), day }];
        },
      },
      () => now,
    );
    const [a, b] = await Promise.all([source.readRows(['2026-11-21']), source.readRows(['2026-11-21'])]);
    expect(reads).toEqual(['2026-11-21']);
    expect(a).toEqual(b);
    now += 4_999;
    await source.readRows(['2026-11-21']);
    expect(reads).toHaveLength(1);
    now += 1;
    fail = true;
    await expect(source.readRows(['2026-11-21'])).rejects.toThrow('database down');
    fail = false;
    await source.readRows(['2026-11-21']);
    expect(reads).toHaveLength(3);
  });
});
