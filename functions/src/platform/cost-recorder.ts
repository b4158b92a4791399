import { AsyncLocalStorage } from 'node:async_hooks';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { ulid } from 'ulid';
import { getConfig } from '../config';
import { computeCost, type CostBreakdown } from './cost-model';
import { createRequestLogger, logger, metrics } from './observability';
import { currentRequestScope, newRequestScope, runInRequestScope, type RequestScope } from './request-scope';

/**
 * Prices every request and job run when it ends (cost-model.ts), emits the `RequestCostUsd` embedded
 * metric beside Requests and Latency, and, where COST_RECORDS=dynamodb (the local stack), hands one
 * record per request to the sink its entry point was given (the usage table:
 * data/costs-repository.ts) for GET /api/admin/costs and `npm run cost-report`. The platform knows
 * no table: the sink is passed down from the area's handler.
 */

export const REQUEST_COST_METRIC = 'RequestCostUsd';
/** Tier dimension of job runs (infra/lib/metrics-contract.ts). */
export const JOB_TIER = 'SYSTEM';

/**
 * Captured at module load, outside any request: the cost record's own write runs in this context so
 * the DynamoDB client does not add its capacity to the request it describes.
 */
const runOutsideRequestScope = AsyncLocalStorage.snapshot();

/**
 * Model tokens are counted by the code that calls the model: the content job through its meter,
 * a request (the analyst's model writers) through addRequestModelUsage. Bedrock's are priced at its
 * list price; the OpenAI-compatible server's (LLM_BASE_URL) are their own kind, priced at the
 * configured LLM_USD_PER_1K_*_TOKENS (cost-model.ts).
 */
export interface ModelUsage {
  bedrockInputTokens: number;
  bedrockOutputTokens: number;
  modelInputTokens: number;
  modelOutputTokens: number;
  /** The OpenAI-compatible model that spent them (LLM_MODEL). */
  modelName?: string | undefined;
}

const NO_MODEL_USAGE: ModelUsage = {
  bedrockInputTokens: 0,
  bedrockOutputTokens: 0,
  modelInputTokens: 0,
  modelOutputTokens: 0,
};

/** Adds tokens to the current request's cost record; outside a request it does nothing. */
export function addRequestModelUsage(usage: Partial<ModelUsage>): void {
  const scope = currentRequestScope();
  if (!scope) return;
  scope.bedrockInputTokens = (scope.bedrockInputTokens ?? 0) + (usage.bedrockInputTokens ?? 0);
  scope.bedrockOutputTokens = (scope.bedrockOutputTokens ?? 0) + (usage.bedrockOutputTokens ?? 0);
  scope.modelInputTokens = (scope.modelInputTokens ?? 0) + (usage.modelInputTokens ?? 0);
  scope.modelOutputTokens = (scope.modelOutputTokens ?? 0) + (usage.modelOutputTokens ?? 0);
  if (usage.modelName) scope.modelName = usage.modelName;
}

/** The tokens a request spent so far (addRequestModelUsage). */
export function requestModelUsage(scope: RequestScope): ModelUsage {
  return {
    bedrockInputTokens: scope.bedrockInputTokens ?? 0,
    bedrockOutputTokens: scope.bedrockOutputTokens ?? 0,
    modelInputTokens: scope.modelInputTokens ?? 0,
    modelOutputTokens: scope.modelOutputTokens ?? 0,
    modelName: scope.modelName,
  };
}

export function priceScope(
  scope: RequestScope,
  latencyMs: number,
  options: { viaApiGateway: boolean; modelUsage?: ModelUsage },
): CostBreakdown {
  const modelUsage = options.modelUsage ?? NO_MODEL_USAGE;
  const config = getConfig();
  return computeCost({
    durationMs: latencyMs,
    memoryMb: config.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    readCapacityUnits: scope.readCapacityUnits,
    writeCapacityUnits: scope.writeCapacityUnits,
    cognitoCalls: scope.cognitoCalls,
    bedrockInputTokens: modelUsage.bedrockInputTokens,
    bedrockOutputTokens: modelUsage.bedrockOutputTokens,
    modelInputTokens: modelUsage.modelInputTokens,
    modelOutputTokens: modelUsage.modelOutputTokens,
    modelUsdPer1kInputTokens: config.LLM_USD_PER_1K_INPUT_TOKENS,
    modelUsdPer1kOutputTokens: config.LLM_USD_PER_1K_OUTPUT_TOKENS,
    viaApiGateway: options.viaApiGateway,
  });
}

/**
 * Prices the request that just ended and adds its cost to the metrics the responder is about to
 * publish (same dimensions: route and tier). Returns the cost for the log line and the record.
 */
export function meterRequestCost(scope: RequestScope, latencyMs: number): CostBreakdown {
  const cost = priceScope(scope, latencyMs, { viaApiGateway: true, modelUsage: requestModelUsage(scope) });
  metrics.addMetric(REQUEST_COST_METRIC, MetricUnit.NoUnit, cost.total_usd);
  return cost;
}

/** Fields of the structured "request completed" / "job completed" log line. */
export function costLogFields(cost: CostBreakdown): Record<string, number> {
  return {
    cost_usd: cost.total_usd,
    billed_duration_ms: cost.billed_duration_ms,
    gb_seconds: cost.gb_seconds,
  };
}

/** One request or job run as finance reads it (GET /api/admin/costs, `npm run cost-report`). */
export interface CostRecord extends CostBreakdown {
  day: string;
  route: string;
  tier: string;
  status: number;
  request_id: string;
  latency_ms: number;
  memory_mb: number;
  read_capacity_units: number;
  write_capacity_units: number;
  cognito_calls: number;
  /** DynamoDB Scans the request made: always 0 on a request path (no-scan.test.ts, bench/results.md). */
  scans: number;
  /** DynamoDB calls and the items they returned (bench/results.md "DynamoDB efficiency"). */
  dynamo_calls: number;
  items_read: number;
  bedrock_input_tokens: number;
  bedrock_output_tokens: number;
  /** The OpenAI-compatible model's tokens (LLM_BASE_URL) and its name, null when none answered. */
  model_input_tokens: number;
  model_output_tokens: number;
  model_name: string | null;
  recorded_at: string;
}

/** Where cost records are kept; given by the entry point (handler or job) that runs the work. */
export type CostRecordSink = (record: CostRecord) => Promise<void>;

export function buildCostRecord(
  scope: RequestScope,
  status: number,
  latencyMs: number,
  cost: CostBreakdown,
  now: Date,
  modelUsage: ModelUsage = requestModelUsage(scope),
): CostRecord {
  const recordedAt = now.toISOString();
  return {
    day: recordedAt.slice(0, 10),
    route: scope.routeKey,
    tier: scope.tier,
    status,
    request_id: scope.requestId,
    latency_ms: Math.round(latencyMs * 1000) / 1000,
    memory_mb: getConfig().AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    read_capacity_units: scope.readCapacityUnits,
    write_capacity_units: scope.writeCapacityUnits,
    cognito_calls: scope.cognitoCalls,
    scans: scope.scans,
    dynamo_calls: scope.dynamoCalls,
    items_read: scope.itemsRead,
    bedrock_input_tokens: modelUsage.bedrockInputTokens,
    bedrock_output_tokens: modelUsage.bedrockOutputTokens,
    model_input_tokens: modelUsage.modelInputTokens,
    model_output_tokens: modelUsage.modelOutputTokens,
    model_name: modelUsage.modelName ?? null,
    ...cost,
    recorded_at: recordedAt,
  };
}

/**
 * Hands the cost record to the sink when COST_RECORDS=dynamodb. Never throws: a request must not fail
 * because its bookkeeping could not be written.
 */
export async function saveCostRecord(record: CostRecord, sink: CostRecordSink | undefined): Promise<void> {
  if (!sink || getConfig().COST_RECORDS !== 'dynamodb') return;
  try {
    await runOutsideRequestScope(() => sink(record));
  } catch (error: unknown) {
    logger.warn('cost record not written', {
      route: record.route,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** What a metered job can report besides the DynamoDB capacity the client records by itself. */
export interface JobMeter {
  addModelUsage(inputTokens: number, outputTokens: number): void;
}

/**
 * Runs a scheduled job inside its own request scope, so its DynamoDB capacity is summed like a
 * request's, then prices it (no API Gateway charge), emits the metric and the log line, and keeps a
 * record (route `job:<name>`, tier SYSTEM).
 */
export async function runMeteredJob<T>(
  jobName: string,
  work: (meter: JobMeter) => Promise<T>,
  options: { recordCost?: CostRecordSink; now?: () => Date } = {},
): Promise<T> {
  const now = options.now ?? (() => new Date());
  const scope = newRequestScope(`job-${ulid()}`, `job:${jobName}`);
  scope.tier = JOB_TIER;
  scope.logger = createRequestLogger({ request_id: scope.requestId, route: scope.routeKey });
  const modelUsage: ModelUsage = { ...NO_MODEL_USAGE };
  const meter: JobMeter = {
    addModelUsage(inputTokens, outputTokens) {
      modelUsage.bedrockInputTokens += inputTokens;
      modelUsage.bedrockOutputTokens += outputTokens;
    },
  };
  let status = 200;
  try {
    return await runInRequestScope(scope, () => work(meter));
  } catch (error: unknown) {
    status = 500;
    throw error;
  } finally {
    const latency = performance.now() - scope.startedAt;
    const cost = priceScope(scope, latency, { viaApiGateway: false, modelUsage });
    metrics.addDimensions({ route: scope.routeKey, tier: scope.tier });
    metrics.addMetric('Requests', MetricUnit.Count, 1);
    metrics.addMetric('Latency', MetricUnit.Milliseconds, latency);
    metrics.addMetric(REQUEST_COST_METRIC, MetricUnit.NoUnit, cost.total_usd);
    metrics.publishStoredMetrics();
    logger.info('job completed', {
      job: jobName,
      status,
      latency_ms: Math.round(latency * 100) / 100,
      read_capacity_units: scope.readCapacityUnits,
      write_capacity_units: scope.writeCapacityUnits,
      bedrock_input_tokens: modelUsage.bedrockInputTokens,
      bedrock_output_tokens: modelUsage.bedrockOutputTokens,
      ...costLogFields(cost),
    });
    await saveCostRecord(
      buildCostRecord(scope, status, latency, cost, now(), modelUsage),
      options.recordCost,
    );
  }
}
