import type { CostRow, CostRowSource } from './costs-service';

/**
 * Daily cost rows from the CloudWatch embedded metrics every request emits (RequestCostUsd and
 * Latency, dimensions route, service and tier; infra/lib/metrics-contract.ts).
 *
 * `@aws-sdk/client-cloudwatch` is not a dependency yet, so this is written against the
 * GetMetricData-shaped `MetricDataClient`; with the SDK installed it is
 * `{ getMetricData: (input) => client.send(new GetMetricDataCommand(input)) }`.
 *
 * Per route and day: requests = SampleCount and total = Sum of RequestCostUsd over all tiers. CloudWatch
 * cannot merge percentiles of different series, so p50/p95 are the request-weighted mean of each
 * tier's own percentile: exact for a route called from one tier, an approximation otherwise. Model
 * tokens are not among the metrics, so their columns are null (their cost is in RequestCostUsd).
 */

export interface MetricDataQuery {
  Id: string;
  Expression: string;
  Label: string;
  ReturnData: boolean;
}

export interface GetMetricDataInput {
  MetricDataQueries: MetricDataQuery[];
  StartTime: Date;
  EndTime: Date;
  NextToken?: string;
  ScanBy: 'TimestampAscending';
}

export interface MetricDataResult {
  Id?: string;
  Label?: string;
  Timestamps?: Date[];
  Values?: number[];
}

export interface GetMetricDataOutput {
  MetricDataResults?: MetricDataResult[];
  NextToken?: string;
}

export interface MetricDataClient {
  getMetricData(input: GetMetricDataInput): Promise<GetMetricDataOutput>;
}

export interface CloudWatchCostReaderOptions {
  namespace: string;
  /** Powertools service dimension, `nugget-<stage>`. */
  service: string;
}

const SECONDS_PER_DAY = 86_400;
/** Dynamic label: the series' route and tier, split back apart below. */
const LABEL = "${PROP('Dim.route')}|${PROP('Dim.tier')}";

const STATISTICS = {
  cost_sum: ['RequestCostUsd', 'Sum'],
  cost_count: ['RequestCostUsd', 'SampleCount'],
  latency_p50: ['Latency', 'p50'],
  latency_p95: ['Latency', 'p95'],
} as const;

type StatisticId = keyof typeof STATISTICS;

export function buildCostQueries(options: CloudWatchCostReaderOptions): MetricDataQuery[] {
  return (Object.entries(STATISTICS) as [StatisticId, readonly [string, string]][]).map(
    ([id, [metric, statistic]]) => ({
      Id: id,
      Expression: `SEARCH('{${options.namespace},route,service,tier} MetricName="${metric}" service="${options.service}"', '${statistic}', ${SECONDS_PER_DAY})`,
      Label: LABEL,
      ReturnData: true,
    }),
  );
}

interface Cell {
  count: number;
  sum: number;
  p50: number | null;
  p95: number | null;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Folds GetMetricData results (any number of pages) into daily rows per route. */
export function foldCostResults(results: readonly MetricDataResult[]): CostRow[] {
  // key: day \u0000 route \u0000 tier
  const cells = new Map<string, Cell>();
  for (const result of results) {
    const id = result.Id as StatisticId | undefined;
    if (!id || !(id in STATISTICS) || !result.Label) continue;
    const separator = result.Label.lastIndexOf('|');
    if (separator < 0) continue;
    const route = result.Label.slice(0, separator);
    const tier = result.Label.slice(separator + 1);
    (result.Timestamps ?? []).forEach((timestamp, index) => {
      const value = result.Values?.[index];
      if (value === undefined) return;
      const day = new Date(timestamp).toISOString().slice(0, 10);
      const key = `${day}\u0000${route}\u0000${tier}`;
      const cell = cells.get(key) ?? { count: 0, sum: 0, p50: null, p95: null };
      if (id === 'cost_count') cell.count += value;
      else if (id === 'cost_sum') cell.sum += value;
      else if (id === 'latency_p50') cell.p50 = value;
      else cell.p95 = value;
      cells.set(key, cell);
    });
  }
  const rows = new Map<string, { day: string; route: string; cells: Cell[] }>();
  for (const [key, cell] of cells) {
    const [day, route] = key.split('\u0000') as [string, string];
    const rowKey = `${day}\u0000${route}`;
    const row = rows.get(rowKey) ?? { day, route, cells: [] };
    row.cells.push(cell);
    rows.set(rowKey, row);
  }
  const weighted = (cells: Cell[], pick: (cell: Cell) => number | null) => {
    const usable = cells.filter((cell) => pick(cell) !== null && cell.count > 0);
    const weight = usable.reduce((sum, cell) => sum + cell.count, 0);
    return weight === 0
      ? 0
      : usable.reduce((sum, cell) => sum + (pick(cell) as number) * cell.count, 0) / weight;
  };
  return [...rows.values()]
    .map(({ day, route, cells: routeCells }) => {
      const requests = routeCells.reduce((sum, cell) => sum + cell.count, 0);
      const total = routeCells.reduce((sum, cell) => sum + cell.sum, 0);
      const average = requests > 0 ? total / requests : 0;
      return {
        day,
        route,
        requests: Math.round(requests),
        p50_ms: roundTo(
          weighted(routeCells, (cell) => cell.p50),
          2,
        ),
        p95_ms: roundTo(
          weighted(routeCells, (cell) => cell.p95),
          2,
        ),
        average_cost_usd: roundTo(average, 10),
        total_cost_usd: roundTo(total, 10),
        cost_per_1000_usd: roundTo(average * 1000, 7),
        // The embedded metrics carry no token counts: only the local records count them.
        bedrock_input_tokens: null,
        bedrock_output_tokens: null,
        model_input_tokens: null,
        model_output_tokens: null,
      };
    })
    .filter((row) => row.requests > 0)
    .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route));
}

export function createCloudWatchCostSource(
  client: MetricDataClient,
  options: CloudWatchCostReaderOptions,
): CostRowSource {
  return {
    async readRows(days) {
      if (days.length === 0) return [];
      const start = new Date(`${days[0]}T00:00:00Z`);
      const end = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + SECONDS_PER_DAY * 1000);
      const queries = buildCostQueries(options);
      const results: MetricDataResult[] = [];
      let nextToken: string | undefined;
      do {
        const output = await client.getMetricData({
          MetricDataQueries: queries,
          StartTime: start,
          EndTime: end,
          ScanBy: 'TimestampAscending',
          ...(nextToken ? { NextToken: nextToken } : {}),
        });
        results.push(...(output.MetricDataResults ?? []));
        nextToken = output.NextToken;
      } while (nextToken);
      return foldCostResults(results);
    },
  };
}
