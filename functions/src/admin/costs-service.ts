import type { z } from 'zod';
import type { CostRowSchema, CostsResponseSchema } from '@app/shared/domain/entities/admin';
import type { CostDayTotal, CostsRepository } from '../data/costs-repository';
import { histogramPercentile } from '../platform/latency-histogram';
import { describePriceTable } from '../platform/cost-model';
import { message } from '@app/shared/messages/message';
import { ServiceUnavailableError, fieldError } from '../platform/errors';
import type { Render } from '../platform/messages';

/**
 * Cost per route and per UTC day, for finance: from the local stack's daily totals per route (one Query
 * per day) or, in the cloud, from the CloudWatch embedded metrics (cloudwatch-cost-reader.ts).
 */

export type CostRow = z.input<typeof CostRowSchema>;
export type CostsResponse = z.input<typeof CostsResponseSchema>;

export const DEFAULT_COST_DAYS = 7;
export const MAX_COST_DAYS = 31;
const DAY_MS = 86_400_000;

/** Where daily cost rows come from. */
export interface CostRowSource {
  readRows(days: readonly string[]): Promise<CostRow[]>;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** USD figures keep 10 decimals: one request costs a few millionths of a dollar. */
const USD_DECIMALS = 10;

/**
 * A route's row of one day from its stored totals. The latency percentiles are nearest-rank over the
 * day's 1 % buckets (platform/latency-histogram.ts): within 0.5 % of the exact sample percentile.
 */
export function costRowOf(total: CostDayTotal): CostRow {
  const average = total.requests === 0 ? 0 : total.total_usd / total.requests;
  return {
    day: total.day,
    route: total.route,
    requests: total.requests,
    p50_ms: roundTo(histogramPercentile(total.latency_buckets, 50), 2),
    p95_ms: roundTo(histogramPercentile(total.latency_buckets, 95), 2),
    average_cost_usd: roundTo(average, USD_DECIMALS),
    total_cost_usd: roundTo(total.total_usd, USD_DECIMALS),
    cost_per_1000_usd: roundTo(average * 1000, USD_DECIMALS - 3),
    bedrock_input_tokens: total.bedrock_input_tokens,
    bedrock_output_tokens: total.bedrock_output_tokens,
    model_input_tokens: total.model_input_tokens,
    model_output_tokens: total.model_output_tokens,
  };
}

/** How long one day's rows, read from the records, answer again before the partition is read anew. */
export const COST_DAY_REUSE_MS = 5_000;

/**
 * Rows from the local stack's own daily totals (one item per route and day, data/costs-repository.ts).
 * One read of a day is shared: concurrent asks for the same day wait for the same Query, and its rows
 * answer again for COST_DAY_REUSE_MS (5 s). Finance's view is at most that old.
 */
export function createRecordsCostSource(
  repository: Pick<CostsRepository, 'listCostDayTotals'>,
  clock: () => number = Date.now,
): CostRowSource {
  const recent = new Map<string, { readAt: number; rows: Promise<CostRow[]> }>();
  const rowsOf = (day: string): Promise<CostRow[]> => {
    const kept = recent.get(day);
    if (kept && clock() - kept.readAt < COST_DAY_REUSE_MS) return kept.rows;
    const rows = repository.listCostDayTotals(day).then((totals) => totals.map(costRowOf));
    recent.set(day, { readAt: clock(), rows });
    rows.catch(() => recent.delete(day));
    return rows;
  };
  return {
    async readRows(days) {
      return (await Promise.all(days.map(rowsOf))).flat();
    },
  };
}

/** The cloud source when no CloudWatch client is installed: says so instead of inventing rows. */
export const UNAVAILABLE_COST_SOURCE: CostRowSource = {
  readRows: async () => {
    throw new ServiceUnavailableError(message('ADMIN_COSTS_UNAVAILABLE'), 60);
  },
};

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** The requested range, defaulting to the last 7 UTC days including today; at most 31 days. */
export function resolveCostRange(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_COST_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw fieldError('query.from', message('FIELD_DATE_BEFORE_START', { field: 'from' }));
  const days = daysBetween(from, to);
  if (days.length > MAX_COST_DAYS) {
    throw fieldError(
      'query.from',
      message('FIELD_RANGE_TOO_LONG', { field: 'from', maximum: MAX_COST_DAYS }),
    );
  }
  return { from, to, days };
}

export async function getCosts(
  source: CostRowSource,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
  render: Render,
): Promise<CostsResponse> {
  const range = resolveCostRange(query, now);
  const rows = await source.readRows(range.days);
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));
  const priceTable = describePriceTable();
  return {
    rows,
    price_table: { ...priceTable, source: render(priceTable.source) },
    from: range.from,
    to: range.to,
  };
}
