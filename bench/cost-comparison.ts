import { computeCost, PRICE_TABLE } from '@app/functions/platform/cost-model';
import { AREA_SIZING } from '@app/infra/lib/area-sizing';
import type { RouteConsumption } from './dynamo-efficiency';
import { round } from './report-format';

/**
 * Section 4: cost per million requests per route from the cost model's dated price table, against an
 * always-on container service of the smallest useful size.
 *
 * Assumptions (written into the report):
 * - Lambda duration = the handler's mean latency measured on the local stack in the sequential pass
 *   (one request at a time, warm), billed at the area's memory setting from AREA_SIZING; a Lambda at
 *   that memory on Graviton is not the same CPU as this machine, so it is an estimate, not a bill.
 * - DynamoDB units = the measured units per request, priced on demand; API Gateway HTTP API per request.
 * - No free tier, no cold starts (both small at volume), no data transfer, logs or CloudWatch metrics.
 */

/** AWS list prices for the container alternative, us-east-1, Linux/ARM (Graviton). */
export const CONTAINER_PRICES = {
  asOf: '2026-11-22',
  note: "list prices as published on the pages below; copied from the author's record of them, not re-read online from this offline machine: re-check before relying on them",
  sources: {
    fargate: 'https://aws.amazon.com/fargate/pricing/',
    alb: 'https://aws.amazon.com/elasticloadbalancing/pricing/',
    ipv4: 'https://aws.amazon.com/vpc/pricing/ (public IPv4 addresses)',
  },
  fargateArmUsdPerVcpuHour: 0.03238,
  fargateArmUsdPerGbHour: 0.00356,
  albUsdPerHour: 0.0225,
  albUsdPerLcuHour: 0.008,
  publicIpv4UsdPerHour: 0.005,
  hoursPerMonth: 730,
} as const;

export interface ContainerOption {
  label: string;
  vcpu: number;
  memory_gb: number;
  tasks: number;
  monthly_usd: number;
  breakdown: string;
}

export function containerOption(vcpu: number, memoryGb: number, tasks: number): ContainerOption {
  const prices = CONTAINER_PRICES;
  const task =
    (vcpu * prices.fargateArmUsdPerVcpuHour + memoryGb * prices.fargateArmUsdPerGbHour) *
    prices.hoursPerMonth;
  // One ALB with the minimum of about one LCU, its two public addresses (two AZs), one per task.
  const alb = (prices.albUsdPerHour + prices.albUsdPerLcuHour) * prices.hoursPerMonth;
  const ipv4 = (2 + tasks) * prices.publicIpv4UsdPerHour * prices.hoursPerMonth;
  return {
    label: `Fargate ${vcpu} vCPU / ${memoryGb} GB arm64 x ${tasks} + ALB`,
    vcpu,
    memory_gb: memoryGb,
    tasks,
    monthly_usd: round(task * tasks + alb + ipv4, 2),
    breakdown: `tasks ${round(task * tasks, 2)} + ALB (1 LCU) ${round(alb, 2)} + public IPv4 ${round(ipv4, 2)}`,
  };
}

export interface RouteCost {
  route: string;
  area: string;
  memory_mb: number;
  duration_ms: number;
  read_units: number;
  write_units: number;
  lambda_usd_per_million: number;
  api_gateway_usd_per_million: number;
  dynamodb_usd_per_million: number;
  total_usd_per_million: number;
}

export function routeCosts(consumption: readonly RouteConsumption[]): RouteCost[] {
  return consumption
    .filter((route) => !route.route.startsWith('job:'))
    .map((route) => {
      const memoryMb = AREA_SIZING[route.area as keyof typeof AREA_SIZING]?.memorySize ?? 512;
      const cost = computeCost({
        durationMs: route.latency_mean_ms,
        memoryMb,
        readCapacityUnits: route.read_units_per_request,
        writeCapacityUnits: route.write_units_per_request,
        cognitoCalls: 0,
        bedrockInputTokens: 0,
        bedrockOutputTokens: 0,
        viaApiGateway: true,
      });
      const perMillion = (value: number) => round(value * 1_000_000, 2);
      return {
        route: route.route,
        area: route.area,
        memory_mb: memoryMb,
        duration_ms: route.latency_mean_ms,
        read_units: route.read_units_per_request,
        write_units: route.write_units_per_request,
        lambda_usd_per_million: perMillion(cost.lambda_compute_usd + cost.lambda_request_usd),
        api_gateway_usd_per_million: perMillion(cost.api_gateway_usd),
        dynamodb_usd_per_million: perMillion(cost.dynamodb_read_usd + cost.dynamodb_write_usd),
        total_usd_per_million: perMillion(cost.total_usd),
      };
    });
}

export interface Comparison {
  mix_label: string;
  /** Serverless cost per million of the mix, without DynamoDB (paid the same by both). */
  serverless_compute_usd_per_million: number;
  serverless_total_usd_per_million: number;
  container: ContainerOption;
  /** Requests a month above which the container is cheaper. */
  break_even_requests_per_month: number;
  break_even_requests_per_second: number;
  /** What one such task sustains, scaled from this machine's measured throughput. */
  container_capacity_rps: number;
  price_table_as_of: string;
}

/**
 * The mix's serverless cost against a fixed monthly container bill. DynamoDB is the same for both
 * (the container would call the same tables), so the break-even compares compute and front door only.
 */
export function compareWithContainer(
  costs: readonly RouteCost[],
  weights: ReadonlyMap<string, number>,
  measuredRps: number,
  machineCpus: number,
  container: ContainerOption,
): Comparison {
  let weightSum = 0;
  let compute = 0;
  let total = 0;
  for (const cost of costs) {
    const weight = weights.get(cost.route) ?? 0;
    weightSum += weight;
    compute += weight * (cost.lambda_usd_per_million + cost.api_gateway_usd_per_million);
    total += weight * cost.total_usd_per_million;
  }
  const computePerMillion = weightSum > 0 ? compute / weightSum : 0;
  const breakEven = computePerMillion > 0 ? (container.monthly_usd / computePerMillion) * 1_000_000 : 0;
  return {
    mix_label: 'the load-test mix',
    serverless_compute_usd_per_million: round(computePerMillion, 2),
    serverless_total_usd_per_million: round(weightSum > 0 ? total / weightSum : 0, 2),
    container,
    break_even_requests_per_month: Math.round(breakEven),
    break_even_requests_per_second: round(breakEven / (CONTAINER_PRICES.hoursPerMonth * 3600), 2),
    container_capacity_rps: round((measuredRps / machineCpus) * container.vcpu * container.tasks, 1),
    price_table_as_of: PRICE_TABLE.asOf,
  };
}
