import { rendererFor } from '../platform/messages';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../platform/errors';
import {
  aggregateCostSamples,
  createRecordsCostSource,
  getCosts,
  percentile,
  resolveCostRange,
} from './costs-service';

describe('percentile (nearest rank)', () => {
  it('picks the smallest value with p % of the values at or below it', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('aggregateCostSamples', () => {
  it('sums requests and cost per route, with latency percentiles and cost per 1,000 requests', () => {
    const rows = aggregateCostSamples('2026-11-20', [
      { route: 'GET /api/a', latency_ms: 10, total_usd: 0.000002 },
      { route: 'GET /api/a', latency_ms: 30, total_usd: 0.000004 },
      { route: 'GET /api/a', latency_ms: 20, total_usd: 0.000003 },
      { route: 'POST /api/b', latency_ms: 100, total_usd: 0.00001 },
    ]);
    expect(rows).toEqual([
      {
        day: '2026-11-20',
        route: 'GET /api/a',
        requests: 3,
        p50_ms: 20,
        p95_ms: 30,
        average_cost_usd: 0.000003,
        total_cost_usd: 0.000009,
        cost_per_1000_usd: 0.003,
      },
      {
        day: '2026-11-20',
        route: 'POST /api/b',
        requests: 1,
        p50_ms: 100,
        p95_ms: 100,
        average_cost_usd: 0.00001,
        total_cost_usd: 0.00001,
        cost_per_1000_usd: 0.01,
      },
    ]);
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
      listCostSamples: async (day) => {
        asked.push(day);
        return day === '2026-11-21' ? [{ route: 'GET /api/x', latency_ms: 5, total_usd: 0.000001 }] : [];
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
        listCostSamples: async (day) => {
          reads.push(day);
          if (fail) throw new Error('database down');
          return [{ route: 'GET /api/x', latency_ms: 5, total_usd: 0.000001 }];
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
