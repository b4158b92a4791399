import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import {
  addRequestModelUsage,
  buildCostRecord,
  meterRequestCost,
  priceScope,
  runMeteredJob,
  saveCostRecord,
  type CostRecord,
  type CostRecordSink,
} from './cost-recorder';
import { currentRequestScope, newRequestScope, runInRequestScope } from './request-scope';

const saved: CostRecord[] = [];
const scopesSeenByWrite: unknown[] = [];

function fakeSink(fail = false): CostRecordSink {
  return async (record) => {
    scopesSeenByWrite.push(currentRequestScope());
    if (fail) throw new Error('ProvisionedThroughputExceededException');
    saved.push(record);
  };
}

beforeEach(() => {
  process.env.COST_RECORDS = 'dynamodb';
  process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = '512';
  resetConfigForTests();
  saved.length = 0;
  scopesSeenByWrite.length = 0;
});

afterEach(() => {
  delete process.env.COST_RECORDS;
  delete process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE;
  resetConfigForTests();
});

describe('cost records', () => {
  it('writes the record outside the request scope, so its own write is not counted in the request', async () => {
    const sink = fakeSink();
    const scope = newRequestScope('req-1', 'GET /api/admin/dashboard');
    scope.readCapacityUnits = 3;
    scope.tier = 'ADMIN';
    await runInRequestScope(scope, async () => {
      const cost = priceScope(scope, 120.3, { viaApiGateway: true });
      await saveCostRecord(buildCostRecord(scope, 200, 120.3, cost, new Date('2026-11-22T10:00:00Z')), sink);
    });
    expect(scopesSeenByWrite).toEqual([undefined]);
    expect(saved[0]).toMatchObject({
      day: '2026-11-22',
      route: 'GET /api/admin/dashboard',
      tier: 'ADMIN',
      status: 200,
      latency_ms: 120.3,
      memory_mb: 512,
      read_capacity_units: 3,
      billed_duration_ms: 121,
    });
    expect(saved[0]?.total_usd).toBeCloseTo(0.0000008066707 + 0.0000002 + 0.000001 + 0.000000375, 14);
  });

  it('never fails the request when the record cannot be written', async () => {
    const sink = fakeSink(true);
    const scope = newRequestScope('req-2', 'GET /api/x');
    await expect(
      saveCostRecord(
        buildCostRecord(scope, 200, 5, priceScope(scope, 5, { viaApiGateway: true }), new Date()),
        sink,
      ),
    ).resolves.toBeUndefined();
  });

  it('writes nothing when COST_RECORDS is off', async () => {
    process.env.COST_RECORDS = 'off';
    resetConfigForTests();
    const sink = fakeSink();
    const scope = newRequestScope('req-3', 'GET /api/x');
    await saveCostRecord(
      buildCostRecord(scope, 200, 5, priceScope(scope, 5, { viaApiGateway: true }), new Date()),
      sink,
    );
    expect(saved).toHaveLength(0);
  });
});

describe('model tokens of a request', () => {
  it("puts the tokens a request's code reports into its priced record (the analyst's Bedrock writer)", async () => {
    const sink = fakeSink();
    const scope = newRequestScope('req-4', 'POST /api/ai/analyst');
    await runInRequestScope(scope, async () => {
      addRequestModelUsage({ bedrockInputTokens: 1500, bedrockOutputTokens: 300 });
      addRequestModelUsage({ bedrockInputTokens: 500, bedrockOutputTokens: 100 });
      const cost = meterRequestCost(scope, 40);
      await saveCostRecord(buildCostRecord(scope, 200, 40, cost, new Date()), sink);
    });
    expect(saved[0]).toMatchObject({ bedrock_input_tokens: 2000, bedrock_output_tokens: 400 });
    // 2,000 x $0.00025/1k + 400 x $0.00125/1k = $0.001
    expect(saved[0]?.bedrock_usd).toBeCloseTo(0.001, 12);
  });

  it("keeps the OpenAI-compatible model's tokens and name apart, priced at the configured rate", async () => {
    process.env.LLM_USD_PER_1K_INPUT_TOKENS = '0.002';
    process.env.LLM_USD_PER_1K_OUTPUT_TOKENS = '0.01';
    resetConfigForTests();
    const sink = fakeSink();
    const scope = newRequestScope('req-5', 'POST /api/ai/analyst');
    await runInRequestScope(scope, async () => {
      addRequestModelUsage({ modelInputTokens: 900, modelOutputTokens: 40, modelName: 'llama3.1:8b' });
      addRequestModelUsage({ modelInputTokens: 100, modelOutputTokens: 10, modelName: 'llama3.1:8b' });
      const cost = meterRequestCost(scope, 40);
      await saveCostRecord(buildCostRecord(scope, 200, 40, cost, new Date()), sink);
    });
    delete process.env.LLM_USD_PER_1K_INPUT_TOKENS;
    delete process.env.LLM_USD_PER_1K_OUTPUT_TOKENS;
    expect(saved[0]).toMatchObject({
      model_input_tokens: 1000,
      model_output_tokens: 50,
      model_name: 'llama3.1:8b',
      bedrock_input_tokens: 0,
      bedrock_usd: 0,
    });
    // 1,000 x $0.002/1k + 50 x $0.01/1k = $0.0025
    expect(saved[0]?.model_usd).toBeCloseTo(0.0025, 12);
  });

  it('prices those tokens at 0 when no rate is configured (a self-hosted server), and names no model without one', async () => {
    const sink = fakeSink();
    const scope = newRequestScope('req-6', 'POST /api/ai/analyst');
    await runInRequestScope(scope, async () => {
      addRequestModelUsage({ modelInputTokens: 1000, modelOutputTokens: 50 });
      await saveCostRecord(buildCostRecord(scope, 200, 40, meterRequestCost(scope, 40), new Date()), sink);
    });
    expect(saved[0]).toMatchObject({ model_input_tokens: 1000, model_usd: 0, model_name: null });
  });

  it('ignores tokens reported outside any request', () => {
    expect(() => addRequestModelUsage({ bedrockInputTokens: 10, bedrockOutputTokens: 1 })).not.toThrow();
  });
});

describe('runMeteredJob', () => {
  it('runs the job in its own scope and records it as route job:<name>, tier SYSTEM, without API Gateway', async () => {
    const sink = fakeSink();
    const result = await runMeteredJob(
      'content-generation',
      async (meter) => {
        const scope = currentRequestScope();
        if (scope) scope.writeCapacityUnits += 18;
        meter.addModelUsage(1000, 200);
        return scope?.routeKey;
      },
      { recordCost: sink },
    );
    expect(result).toBe('job:content-generation');
    expect(saved[0]).toMatchObject({
      route: 'job:content-generation',
      tier: 'SYSTEM',
      status: 200,
      write_capacity_units: 18,
      bedrock_input_tokens: 1000,
      bedrock_output_tokens: 200,
      api_gateway_usd: 0,
    });
    // 1,000 x $0.00025/1k + 200 x $0.00125/1k = $0.0005
    expect(saved[0]?.bedrock_usd).toBeCloseTo(0.0005, 12);
  });

  it('records a failed run as status 500 and rethrows', async () => {
    const sink = fakeSink();
    await expect(
      runMeteredJob(
        'content-generation',
        async () => {
          throw new Error('boom');
        },
        { recordCost: sink },
      ),
    ).rejects.toThrow('boom');
    expect(saved[0]?.status).toBe(500);
  });
});
