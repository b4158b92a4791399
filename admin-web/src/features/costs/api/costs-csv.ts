import type { z } from 'zod';
import type { CostRowSchema } from '@app/shared/domain/entities/admin';

/** One route on one UTC day, as GET /api/admin/costs answers it. */
export type CostRow = z.output<typeof CostRowSchema>;

/** The CSV columns, in the order of the API's rows (machine-readable: dot decimals, USD). */
export const COST_CSV_COLUMNS = [
  'day',
  'route',
  'requests',
  'p50_ms',
  'p95_ms',
  'average_cost_usd',
  'total_cost_usd',
  'cost_per_1000_usd',
] as const satisfies readonly (keyof CostRow)[];

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text of the rows, header first, CRLF line ends. */
export function costsToCsv(rows: readonly CostRow[]): string {
  const lines = [COST_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(COST_CSV_COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function costsCsvFileName(from: string, to: string): string {
  return `request-costs_${from}_${to}.csv`;
}

/** Per day over every route: total cost / total requests x 1,000 (for the chart). */
export function costPer1000ByDay(rows: readonly CostRow[]): { day: string; cost_per_1000_usd: number }[] {
  const days = new Map<string, { requests: number; cost: number }>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { requests: 0, cost: 0 };
    day.requests += row.requests;
    day.cost += row.total_cost_usd;
    days.set(row.day, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, { requests, cost }]) => ({
      day,
      cost_per_1000_usd: requests > 0 ? (cost / requests) * 1000 : 0,
    }));
}
