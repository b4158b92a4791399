/**
 * What one request or job run costs, from what it consumed, priced by a dated table of AWS list
 * prices. Pure arithmetic: the recorder (cost-recorder.ts) gathers the usage, this file prices it.
 *
 * Estimates, not the bill: the free tiers (Lambda's 1 M requests and 400,000 GB-s a month, ...),
 * volume tiers and savings plans are left out on purpose, so a figure stays comparable between a
 * quiet and a busy month. Finance re-checks the table against the source pages before relying on it.
 *
 * The analyst's OpenAI-compatible model (LLM_BASE_URL: a user's own Ollama or llama.cpp, or a hosted
 * server) has no list price here: its tokens are priced at the configured LLM_USD_PER_1K_INPUT_TOKENS
 * and LLM_USD_PER_1K_OUTPUT_TOKENS (functions/src/config.ts), 0 by default, as a self-hosted server
 * costs nothing per token; its tokens are still counted, apart from Bedrock's.
 */
import { message, type Message } from '@app/shared/messages/message';

export interface PriceTable {
  region: string;
  /** The day the prices below were copied from the sources. */
  asOf: string;
  sources: Readonly<Record<string, string>>;
  /** Lambda on arm64 (Graviton), first volume tier. */
  lambdaArmUsdPerGbSecond: number;
  lambdaUsdPerRequest: number;
  /** API Gateway HTTP API, first 300 million requests a month (each 512 KB counts as one request). */
  apiGatewayHttpUsdPerRequest: number;
  /** DynamoDB on-demand (prices since the 2024-11-01 reduction). */
  dynamoDbUsdPerReadRequestUnit: number;
  dynamoDbUsdPerWriteRequestUnit: number;
  /**
   * Cognito is priced per monthly active user, not per call (Essentials: 10,000 MAU free, then
   * $0.015 per MAU): a sign-in costs nothing extra at the margin, so calls are counted but priced 0.
   */
  cognitoUsdPerCall: number;
  cognitoNote: string;
  /** The model the content job's Bedrock adapter calls (on-demand). */
  bedrockModelId: string;
  bedrockUsdPer1kInputTokens: number;
  bedrockUsdPer1kOutputTokens: number;
}

export const PRICE_TABLE: PriceTable = {
  region: 'us-east-1',
  asOf: '2026-11-22',
  sources: {
    lambda: 'https://aws.amazon.com/lambda/pricing/',
    apiGateway: 'https://aws.amazon.com/api-gateway/pricing/',
    dynamoDb: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    cognito: 'https://aws.amazon.com/cognito/pricing/',
    bedrock: 'https://aws.amazon.com/bedrock/pricing/',
  },
  lambdaArmUsdPerGbSecond: 0.0000133334,
  lambdaUsdPerRequest: 0.2 / 1_000_000,
  apiGatewayHttpUsdPerRequest: 1.0 / 1_000_000,
  dynamoDbUsdPerReadRequestUnit: 0.125 / 1_000_000,
  dynamoDbUsdPerWriteRequestUnit: 0.625 / 1_000_000,
  cognitoUsdPerCall: 0,
  cognitoNote:
    'Cognito Essentials is billed per monthly active user ($0.015 after 10,000 free), not per call.',
  bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0',
  bedrockUsdPer1kInputTokens: 0.00025,
  bedrockUsdPer1kOutputTokens: 0.00125,
};

/** One line the costs route and the cost report print under the table; `source` is a message. */
export function describePriceTable(table: PriceTable = PRICE_TABLE): {
  region: string;
  as_of: string;
  source: Message;
} {
  return {
    region: table.region,
    as_of: table.asOf,
    source: message('COSTS_PRICE_SOURCE', { urls: Object.values(table.sources).join(', ') }),
  };
}

/** What one request or job run consumed. */
export interface ResourceUsage {
  /** Handler wall time in milliseconds; Lambda bills it rounded up to the next millisecond. */
  durationMs: number;
  memoryMb: number;
  readCapacityUnits: number;
  writeCapacityUnits: number;
  cognitoCalls: number;
  bedrockInputTokens: number;
  bedrockOutputTokens: number;
  /** Tokens of the OpenAI-compatible model (LLM_BASE_URL) and its configured USD per 1,000 of each. */
  modelInputTokens?: number;
  modelOutputTokens?: number;
  modelUsdPer1kInputTokens?: number;
  modelUsdPer1kOutputTokens?: number;
  /** API requests pass through API Gateway; scheduled jobs are invoked by EventBridge (no charge). */
  viaApiGateway: boolean;
}

export interface CostBreakdown {
  billed_duration_ms: number;
  gb_seconds: number;
  lambda_compute_usd: number;
  lambda_request_usd: number;
  api_gateway_usd: number;
  dynamodb_read_usd: number;
  dynamodb_write_usd: number;
  cognito_usd: number;
  bedrock_usd: number;
  /** The OpenAI-compatible model's tokens at the configured rate (0 by default). */
  model_usd: number;
  total_usd: number;
}

export const MEGABYTES_PER_GIGABYTE = 1024;

export function computeCost(usage: ResourceUsage, table: PriceTable = PRICE_TABLE): CostBreakdown {
  const billedDurationMs = Math.max(1, Math.ceil(usage.durationMs));
  const gbSeconds = (usage.memoryMb / MEGABYTES_PER_GIGABYTE) * (billedDurationMs / 1000);
  const parts = {
    lambda_compute_usd: gbSeconds * table.lambdaArmUsdPerGbSecond,
    lambda_request_usd: table.lambdaUsdPerRequest,
    api_gateway_usd: usage.viaApiGateway ? table.apiGatewayHttpUsdPerRequest : 0,
    dynamodb_read_usd: usage.readCapacityUnits * table.dynamoDbUsdPerReadRequestUnit,
    dynamodb_write_usd: usage.writeCapacityUnits * table.dynamoDbUsdPerWriteRequestUnit,
    cognito_usd: usage.cognitoCalls * table.cognitoUsdPerCall,
    bedrock_usd:
      (usage.bedrockInputTokens / 1000) * table.bedrockUsdPer1kInputTokens +
      (usage.bedrockOutputTokens / 1000) * table.bedrockUsdPer1kOutputTokens,
    model_usd:
      ((usage.modelInputTokens ?? 0) / 1000) * (usage.modelUsdPer1kInputTokens ?? 0) +
      ((usage.modelOutputTokens ?? 0) / 1000) * (usage.modelUsdPer1kOutputTokens ?? 0),
  };
  const total = Object.values(parts).reduce((sum, value) => sum + value, 0);
  return { billed_duration_ms: billedDurationMs, gb_seconds: gbSeconds, ...parts, total_usd: total };
}
