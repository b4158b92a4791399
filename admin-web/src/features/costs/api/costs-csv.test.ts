import { describe, expect, it } from 'vitest';
import { costPer1000ByDay, costsToCsv, type CostRow } from './costs-csv';

const row = (day: string, route: string, requests: number, total: number): CostRow => ({
  day,
  route,
  requests,
  p50_ms: 12,
  p95_ms: 40.5,
  average_cost_usd: total / requests,
  total_cost_usd: total,
  cost_per_1000_usd: (total / requests) * 1000,
  bedrock_input_tokens: 0,
  bedrock_output_tokens: 0,
  model_input_tokens: 0,
  model_output_tokens: 0,
});

describe('costsToCsv', () => {
  it('writes the header then one line per row, quoting what needs it', () => {
    const csv = costsToCsv([row('2026-11-20', 'GET /api/a,b', 4, 0.002)]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe('day,route,requests,p50_ms,p95_ms,average_cost_usd,total_cost_usd,cost_per_1000_usd');
    expect(line).toBe('2026-11-20,"GET /api/a,b",4,12,40.5,0.0005,0.002,0.5');
    expect(end).toBe('');
  });
});

describe('costPer1000ByDay', () => {
  it('weights each day by its requests over all routes, in day order', () => {
    expect(
      costPer1000ByDay([
        row('2026-11-21', 'a', 1000, 1),
        row('2026-11-20', 'a', 500, 1),
        row('2026-11-20', 'b', 500, 2),
      ]),
    ).toEqual([
      { day: '2026-11-20', cost_per_1000_usd: 3 },
      { day: '2026-11-21', cost_per_1000_usd: 1 },
    ]);
  });
});
