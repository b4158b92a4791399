import { describe, expect, it } from 'vitest';
import {
  buildCostQueries,
  createCloudWatchCostSource,
  type GetMetricDataInput,
  type GetMetricDataOutput,
} from './cloudwatch-cost-reader';

/** Shaped like a GetMetricData answer for SEARCH expressions with dynamic labels (two pages). */
const RECORDED_PAGES: GetMetricDataOutput[] = [
  {
    MetricDataResults: [
      {
        Id: 'cost_sum',
        Label: 'GET /api/ai/recommendations|FREE',
        Timestamps: [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-21T00:00:00Z')],
        Values: [0.0003, 0.0006],
      },
      {
        Id: 'cost_sum',
        Label: 'GET /api/ai/recommendations|PRO',
        Timestamps: [new Date('2026-11-20T00:00:00Z')],
        Values: [0.0001],
      },
      {
        Id: 'cost_count',
        Label: 'GET /api/ai/recommendations|FREE',
        Timestamps: [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-21T00:00:00Z')],
        Values: [100, 200],
      },
      {
        Id: 'cost_count',
        Label: 'GET /api/ai/recommendations|PRO',
        Timestamps: [new Date('2026-11-20T00:00:00Z')],
        Values: [50],
      },
    ],
    NextToken: 'page-2',
  },
  {
    MetricDataResults: [
      {
        Id: 'latency_p50',
        Label: 'GET /api/ai/recommendations|FREE',
        Timestamps: [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-21T00:00:00Z')],
        Values: [40, 44],
      },
      {
        Id: 'latency_p50',
        Label: 'GET /api/ai/recommendations|PRO',
        Timestamps: [new Date('2026-11-20T00:00:00Z')],
        Values: [70],
      },
      {
        Id: 'latency_p95',
        Label: 'GET /api/ai/recommendations|FREE',
        Timestamps: [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-21T00:00:00Z')],
        Values: [120, 130],
      },
      {
        Id: 'latency_p95',
        Label: 'GET /api/ai/recommendations|PRO',
        Timestamps: [new Date('2026-11-20T00:00:00Z')],
        Values: [150],
      },
    ],
  },
];

describe('CloudWatch cost source', () => {
  it('asks for the four statistics per route and tier of the service, one day per point', () => {
    const queries = buildCostQueries({ namespace: 'Nugget', service: 'nugget-prod' });
    expect(queries.map((query) => query.Id)).toEqual([
      'cost_sum',
      'cost_count',
      'latency_p50',
      'latency_p95',
    ]);
    expect(queries[0]?.Expression).toBe(
      `SEARCH('{Nugget,route,service,tier} MetricName="RequestCostUsd" service="nugget-prod"', 'Sum', 86400)`,
    );
    expect(queries[3]?.Expression).toContain(`MetricName="Latency"`);
  });

  it('folds every page into daily rows per route, merging tiers', async () => {
    const inputs: GetMetricDataInput[] = [];
    const source = createCloudWatchCostSource(
      {
        getMetricData: async (input) => {
          inputs.push(input);
          return RECORDED_PAGES[inputs.length - 1] as GetMetricDataOutput;
        },
      },
      { namespace: 'Nugget', service: 'nugget-prod' },
    );
    const rows = await source.readRows(['2026-11-20', '2026-11-21']);
    expect(inputs).toHaveLength(2);
    expect(inputs[1]?.NextToken).toBe('page-2');
    expect(inputs[0]?.StartTime.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(inputs[0]?.EndTime.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // 2026-11-20: 150 requests, $0.0004; p50 = (40 x 100 + 70 x 50) / 150 = 50, p95 = (120 x 100 + 150 x 50) / 150 = 130.
    expect(rows).toEqual([
      {
        day: '2026-11-20',
        route: 'GET /api/ai/recommendations',
        requests: 150,
        p50_ms: 50,
        p95_ms: 130,
        average_cost_usd: 0.0000026667,
        total_cost_usd: 0.0004,
        cost_per_1000_usd: 0.0026667,
        bedrock_input_tokens: null,
        bedrock_output_tokens: null,
        model_input_tokens: null,
        model_output_tokens: null,
      },
      {
        day: '2026-11-21',
        route: 'GET /api/ai/recommendations',
        requests: 200,
        p50_ms: 44,
        p95_ms: 130,
        average_cost_usd: 0.000003,
        total_cost_usd: 0.0006,
        cost_per_1000_usd: 0.003,
        bedrock_input_tokens: null,
        bedrock_output_tokens: null,
        model_input_tokens: null,
        model_output_tokens: null,
      },
    ]);
  });
});
