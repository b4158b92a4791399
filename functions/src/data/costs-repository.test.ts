import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CostRecord } from '../platform/cost-recorder';
import { createCostsRepository } from './costs-repository';

/**
 * A document client that applies UpdateItem's SET and ADD the way DynamoDB does (ADD creates a missing
 * number, SET if_not_exists keeps the first value) and answers a Query by partition key: enough to
 * check the daily totals this module writes read back as the records they came from.
 */
function tableInMemory() {
  const items = new Map<string, Record<string, unknown>>();
  const client = {
    send: async (command: unknown) => {
      if (command instanceof UpdateCommand) {
        const input = command.input;
        const key = input.Key as { pk: string; sk: string };
        const id = `${key.pk}|${key.sk}`;
        const item = items.get(id) ?? { ...key };
        const names = input.ExpressionAttributeNames ?? {};
        const values = input.ExpressionAttributeValues ?? {};
        const [setPart, addPart] = (input.UpdateExpression ?? '').replace(/^SET /, '').split(' ADD ');
        for (const assignment of (setPart ?? '').split(', ')) {
          const [name, value] = assignment.split(' = ') as [string, string];
          const attribute = names[name] ?? name;
          const kept = /^if_not_exists\((\w+), (:\w+)\)$/.exec(value);
          if (kept) item[attribute] ??= values[kept[2] as string];
          else item[attribute] = values[value];
        }
        for (const addition of (addPart ?? '').split(', ')) {
          const [name, value] = addition.split(' ') as [string, string];
          const attribute = names[name] ?? name;
          item[attribute] = Number(item[attribute] ?? 0) + Number(values[value]);
        }
        items.set(id, item);
        return {};
      }
      if (command instanceof QueryCommand) {
        const partition = command.input.ExpressionAttributeValues?.[':pk'];
        return { Items: [...items.values()].filter((item) => item.pk === partition) };
      }
      throw new Error('unexpected command');
    },
  };
  return { client: client as unknown as DynamoDBDocumentClient, items };
}

function record(route: string, latencyMs: number, totalUsd: number, day = '2026-11-20'): CostRecord {
  return {
    day,
    route,
    latency_ms: latencyMs,
    total_usd: totalUsd,
    recorded_at: `${day}T10:00:00.000Z`,
  } as CostRecord;
}

describe('daily cost totals', () => {
  it('adds batches from several processes into one total per route and day', async () => {
    const { client, items } = tableInMemory();
    const repository = createCostsRepository(client, 'usage');
    await repository.addToDayTotals([
      record('GET /api/a', 10, 0.000002),
      record('GET /api/a', 30, 0.000004),
      record('POST /api/b', 100, 0.00001),
    ]);
    await repository.addToDayTotals([
      record('GET /api/a', 20, 0.000003),
      record('GET /api/a', 0.4, 0.000001, '2026-11-21'),
    ]);

    expect(items.size).toBe(3);
    const totals = await repository.listCostDayTotals('2026-11-20');
    const a = totals.find((total) => total.route === 'GET /api/a');
    expect(a).toMatchObject({ day: '2026-11-20', requests: 3 });
    // 2 + 4 + 3 millionths, kept in whole picodollars: no floating-point drift.
    expect(a?.total_usd).toBe(0.000009);
    expect([...(a?.latency_buckets.values() ?? [])].reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(totals.find((total) => total.route === 'POST /api/b')?.requests).toBe(1);
    const nextDay = await repository.listCostDayTotals('2026-11-21');
    expect(nextDay.map((total) => [total.route, total.requests])).toEqual([['GET /api/a', 1]]);
    // A sub-millisecond latency lands in a negative bucket, stored and read back as one.
    expect([...(nextDay[0]?.latency_buckets.keys() ?? [])][0]).toBeLessThan(0);
  });

  it("adds each kind of model tokens to the day's total, apart", async () => {
    const { client } = tableInMemory();
    const repository = createCostsRepository(client, 'usage');
    const analyst = (tokens: Partial<CostRecord>): CostRecord => ({
      ...record('POST /api/ai/analyst', 900, 0.00001),
      ...tokens,
    });
    await repository.addToDayTotals([
      analyst({ model_input_tokens: 1000, model_output_tokens: 40 }),
      analyst({ bedrock_input_tokens: 700, bedrock_output_tokens: 30 }),
    ]);
    await repository.addToDayTotals([analyst({ model_input_tokens: 250, model_output_tokens: 5 })]);
    const [total] = await repository.listCostDayTotals('2026-11-20');
    expect(total).toMatchObject({
      requests: 3,
      model_input_tokens: 1250,
      model_output_tokens: 45,
      bedrock_input_tokens: 700,
      bedrock_output_tokens: 30,
    });
  });
});
