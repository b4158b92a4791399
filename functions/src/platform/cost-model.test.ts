import { describe, expect, it } from 'vitest';
import { computeCost, describePriceTable, PRICE_TABLE } from './cost-model';

describe('computeCost', () => {
  it('prices an API request by hand: 512 MB for 120.3 ms, 3 RCU, 2 WCU, one Cognito call', () => {
    // Billed 121 ms (rounded up to the ms) x 0.5 GB = 0.0605 GB-s x $0.0000133334 = $0.00000080667070
    // + Lambda request $0.0000002 + HTTP API request $0.000001
    // + 3 RRU x $0.000000125 = $0.000000375 + 2 WRU x $0.000000625 = $0.00000125
    // + Cognito (priced per MAU) $0 = $0.0000036316707
    const cost = computeCost({
      durationMs: 120.3,
      memoryMb: 512,
      readCapacityUnits: 3,
      writeCapacityUnits: 2,
      cognitoCalls: 1,
      bedrockInputTokens: 0,
      bedrockOutputTokens: 0,
      viaApiGateway: true,
    });
    expect(cost.billed_duration_ms).toBe(121);
    expect(cost.gb_seconds).toBeCloseTo(0.0605, 12);
    expect(cost.lambda_compute_usd).toBeCloseTo(0.0000008066707, 15);
    expect(cost.lambda_request_usd).toBeCloseTo(0.0000002, 15);
    expect(cost.api_gateway_usd).toBeCloseTo(0.000001, 15);
    expect(cost.dynamodb_read_usd).toBeCloseTo(0.000000375, 15);
    expect(cost.dynamodb_write_usd).toBeCloseTo(0.00000125, 15);
    expect(cost.cognito_usd).toBe(0);
    expect(cost.total_usd).toBeCloseTo(0.0000036316707, 15);
  });

  it('prices a job run without API Gateway, with Bedrock tokens', () => {
    // 1,024 MB for 2,000 ms = 2 GB-s x $0.0000133334 = $0.0000266668; request $0.0000002;
    // Bedrock 1,200 in x $0.00025/1k = $0.0003 + 300 out x $0.00125/1k = $0.000375; 10 WRU = $0.00000625
    const cost = computeCost({
      durationMs: 2000,
      memoryMb: 1024,
      readCapacityUnits: 0,
      writeCapacityUnits: 10,
      cognitoCalls: 0,
      bedrockInputTokens: 1200,
      bedrockOutputTokens: 300,
      viaApiGateway: false,
    });
    expect(cost.api_gateway_usd).toBe(0);
    expect(cost.bedrock_usd).toBeCloseTo(0.000675, 12);
    expect(cost.total_usd).toBeCloseTo(0.0000266668 + 0.0000002 + 0.000675 + 0.00000625, 14);
  });

  it("prices the OpenAI-compatible model's tokens at the configured rate, apart from Bedrock's", () => {
    // 2,000 in x $0.0004/1k = $0.0008 + 500 out x $0.0016/1k = $0.0008: $0.0016; Bedrock none
    const priced = computeCost({
      ...zeroUsage(),
      modelInputTokens: 2000,
      modelOutputTokens: 500,
      modelUsdPer1kInputTokens: 0.0004,
      modelUsdPer1kOutputTokens: 0.0016,
    });
    expect(priced.model_usd).toBeCloseTo(0.0016, 12);
    expect(priced.bedrock_usd).toBe(0);
    expect(priced.total_usd - computeCost(zeroUsage()).total_usd).toBeCloseTo(0.0016, 12);
    // No rate configured: a self-hosted server's tokens cost nothing.
    const free = computeCost({ ...zeroUsage(), modelInputTokens: 2000, modelOutputTokens: 500 });
    expect(free.model_usd).toBe(0);
  });

  it('bills at least one millisecond', () => {
    expect(computeCost({ ...zeroUsage(), durationMs: 0.2 }).billed_duration_ms).toBe(1);
  });

  it('names its region, date and sources', () => {
    expect(describePriceTable()).toMatchObject({ region: 'us-east-1', as_of: PRICE_TABLE.asOf });
    expect(describePriceTable().source).toMatchObject({
      code: 'COSTS_PRICE_SOURCE',
      params: { urls: expect.stringContaining('https://aws.amazon.com/lambda/pricing/') },
    });
  });
});

function zeroUsage() {
  return {
    durationMs: 0,
    memoryMb: 512,
    readCapacityUnits: 0,
    writeCapacityUnits: 0,
    cognitoCalls: 0,
    bedrockInputTokens: 0,
    bedrockOutputTokens: 0,
    viaApiGateway: true,
  };
}
