/** Section 4: the cost per million requests, and the always-on container alternative. */
import { cpus } from 'node:os';
import { eventOf } from '../area-invoker';
import { compareWithContainer, CONTAINER_PRICES, containerOption, routeCosts } from '../cost-comparison';
import { table, usd } from '../report-format';
import type { Report } from './report-data';

export function renderCost(report: Report): string[] {
  const out = ['## 4. Cost per million requests', ''];
  if (!report.consumption || !report.load) return [...out, 'Not measured.', ''];
  const costs = routeCosts(report.consumption);
  out.push(
    `Priced with the cost model's table (\`functions/src/platform/cost-model.ts\`, ${'us-east-1'}, as of ${costs.length > 0 ? 'the table date' : ''}: Lambda arm64 $0.0000133334 per GB-s and $0.20 per million requests, API Gateway HTTP API $1.00 per million, DynamoDB on demand $0.125 per million read units and $0.625 per million write units). ` +
      "Assumptions: duration = the handler's mean latency in the sequential pass on this machine (warm, one request at a time), billed at the area's memory setting (`AREA_SIZING`); capacity units as measured; no free tier, no cold starts, no logs, metrics or data transfer; Cognito is per monthly active user, not per request (0 here).",
    '',
  );
  out.push(
    table(
      [
        'route',
        'memory MB',
        'duration ms',
        'RCU',
        'WCU',
        'Lambda $/M',
        'API GW $/M',
        'DynamoDB $/M',
        'total $/M',
      ],
      costs.map((cost) => [
        cost.route,
        cost.memory_mb,
        cost.duration_ms,
        cost.read_units,
        cost.write_units,
        cost.lambda_usd_per_million,
        cost.api_gateway_usd_per_million,
        cost.dynamodb_usd_per_million,
        cost.total_usd_per_million,
      ]),
    ),
    '',
  );
  const at20 = report.load.levels.find((level) => level.result.connections === 20)?.result;
  const weights = new Map<string, number>();
  for (const spec of report.load.sequence) {
    const routeKey = String(
      eventOf({
        method: spec.method,
        path: spec.path.replace('00000000000000000000000000', '01HZZZZZZZZZZZZZZZZZZZZZZZ'),
      }).event.routeKey,
    );
    weights.set(routeKey, (weights.get(routeKey) ?? 0) + 1);
  }
  const measuredRps = Math.max(...report.load.levels.map((level) => level.result.throughput_rps));
  const options = [containerOption(0.25, 0.5, 1), containerOption(0.25, 0.5, 2)];
  out.push(
    `Container alternative (${CONTAINER_PRICES.sources.fargate}, ${CONTAINER_PRICES.sources.alb}, ${CONTAINER_PRICES.sources.ipv4}; ${CONTAINER_PRICES.note}; dated ${CONTAINER_PRICES.asOf}): ` +
      `Fargate Linux/ARM $${CONTAINER_PRICES.fargateArmUsdPerVcpuHour} per vCPU-hour and $${CONTAINER_PRICES.fargateArmUsdPerGbHour} per GB-hour, ALB $${CONTAINER_PRICES.albUsdPerHour} per hour + $${CONTAINER_PRICES.albUsdPerLcuHour} per LCU-hour (1 LCU assumed), public IPv4 $${CONTAINER_PRICES.publicIpv4UsdPerHour} per hour, x ${CONTAINER_PRICES.hoursPerMonth} h. ` +
      'DynamoDB is left out of the comparison: a container calls the same tables and pays the same units.',
    '',
  );
  out.push(
    table(
      [
        'always-on option',
        'monthly',
        'breakdown',
        'serverless compute+front door $/M (mix)',
        'cheaper than serverless above',
        'capacity (scaled from this machine)',
      ],
      options.map((option) => {
        const comparison = compareWithContainer(costs, weights, measuredRps, cpus().length, option);
        return [
          option.label,
          usd(option.monthly_usd),
          option.breakdown,
          comparison.serverless_compute_usd_per_million,
          `${(comparison.break_even_requests_per_month / 1e6).toFixed(1)} M requests/month (${comparison.break_even_requests_per_second} req/s sustained)`,
          `about ${comparison.container_capacity_rps} req/s`,
        ];
      }),
    ),
    '',
    `Reading: below the break-even the per-request services are cheaper (and cost nothing idle); above it the always-on task is cheaper as long as it can carry the load. ` +
      `The capacity column scales this machine's best measured throughput (${measuredRps} req/s on ${cpus().length} cores, stack and DynamoDB Local together) to the task's vCPUs, so one 0.25 vCPU task tops out long before a busy month: past that, more tasks add their price in steps. ` +
      `Mean of the mix at 20 connections: ${at20 ? `${at20.throughput_rps} req/s` : 'n/a'}.`,
    '',
  );
  return out;
}
