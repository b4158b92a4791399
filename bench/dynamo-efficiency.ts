import type { CostRecord } from '@app/functions/platform/cost-recorder';
import { findRouteByKey } from '@app/shared/api';
import { readCostRecords } from '../tests/src/cost-records';
import { round } from './report-format';

/**
 * Section 3: what each route consumed per request, from the cost records the local stack writes to
 * the usage table (one per request: read and write capacity units as DynamoDB Local reports them,
 * Scans counted by the document client, latency). Read with the full record (the costs route only
 * projects route, latency and cost).
 */

export interface RouteConsumption {
  route: string;
  area: string;
  requests: number;
  read_units_per_request: number;
  write_units_per_request: number;
  scans: number;
  /** DynamoDB calls and items returned per request (records written before the fields existed: null). */
  calls_per_request: number | null;
  items_read_per_request: number | null;
  latency_p50_ms: number;
  latency_mean_ms: number;
  statuses: Record<string, number>;
}

export { readCostRecords };

export function areaOf(routeKey: string): string {
  if (routeKey.startsWith('job:')) return routeKey.slice(4);
  return findRouteByKey(routeKey)?.area ?? 'unknown';
}

export function summariseConsumption(records: readonly CostRecord[]): RouteConsumption[] {
  const byRoute = new Map<string, CostRecord[]>();
  for (const record of records) byRoute.set(record.route, [...(byRoute.get(record.route) ?? []), record]);
  return [...byRoute.entries()]
    .map(([route, list]) => {
      const latencies = list.map((record) => record.latency_ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const record of list) statuses[String(record.status)] = (statuses[String(record.status)] ?? 0) + 1;
      const mean = (pick: (record: CostRecord) => number) =>
        list.reduce((sum, record) => sum + pick(record), 0) / list.length;
      return {
        route,
        area: areaOf(route),
        requests: list.length,
        read_units_per_request: round(
          mean((record) => record.read_capacity_units),
          2,
        ),
        write_units_per_request: round(
          mean((record) => record.write_capacity_units),
          2,
        ),
        // Records written before the field existed have none; they count as unknown (0 here).
        scans: list.reduce((sum, record) => sum + (record.scans ?? 0), 0),
        calls_per_request: list.every((record) => typeof record.dynamo_calls === 'number')
          ? round(
              mean((record) => record.dynamo_calls),
              2,
            )
          : null,
        items_read_per_request: list.every((record) => typeof record.items_read === 'number')
          ? round(
              mean((record) => record.items_read),
              2,
            )
          : null,
        latency_p50_ms: round(latencies[Math.floor(latencies.length / 2)] ?? 0),
        latency_mean_ms: round(mean((record) => record.latency_ms)),
        statuses,
      };
    })
    .sort((a, b) => a.area.localeCompare(b.area) || a.route.localeCompare(b.route));
}
