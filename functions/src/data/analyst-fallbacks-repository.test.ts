import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createAnalystFallbacksRepository } from './analyst-fallbacks-repository';

/**
 * A document client that applies this repository's UpdateItem (SET, if_not_exists, one ADD) the way
 * DynamoDB does and answers its Query (partition and sk BETWEEN): enough to check that counts of
 * several calls add up per day and reason.
 */
function tableInMemory() {
  const items = new Map<string, Record<string, unknown>>();
  const client = {
    send: async (command: unknown) => {
      if (command instanceof UpdateCommand) {
        const {
          Key,
          ExpressionAttributeNames: names = {},
          ExpressionAttributeValues: values = {},
        } = command.input;
        const key = Key as { pk: string; sk: string };
        const item = items.get(`${key.pk}|${key.sk}`) ?? { ...key };
        const kind = names['#kind'] as string;
        item.day = values[':day'];
        item.expires_at ??= values[':expires'];
        item[kind] = Number(item[kind] ?? 0) + Number(values[':one']);
        items.set(`${key.pk}|${key.sk}`, item);
        return {};
      }
      if (command instanceof QueryCommand) {
        const values = command.input.ExpressionAttributeValues ?? {};
        const Items = [...items.values()].filter(
          (item) =>
            item.pk === values[':pk'] &&
            String(item.sk) >= String(values[':from']) &&
            String(item.sk) <= String(values[':to']),
        );
        return { Items };
      }
      throw new Error('unexpected command');
    },
  };
  return { client: client as unknown as DynamoDBDocumentClient, items };
}

describe('analyst fallback counts', () => {
  it('adds each fallback to its UTC day and reason; a range reads only its days', async () => {
    const { client, items } = tableInMemory();
    const repository = createAnalystFallbacksRepository(client, 'usage');
    await repository.countFallback('guard', new Date('2026-11-27T23:59:00Z'));
    await repository.countFallback('guard', new Date('2026-11-28T00:01:00Z'));
    await repository.countFallback('guard', new Date('2026-11-28T10:00:00Z'));
    await repository.countFallback('timeout', new Date('2026-11-28T11:00:00Z'));
    await repository.countFallback('model_error', new Date('2026-11-20T11:00:00Z'));

    const days = await repository.listFallbackDays('2026-11-22', '2026-11-28');
    expect(Object.fromEntries(days)).toEqual({
      '2026-11-27': { guard: 1, timeout: 0, model_error: 0 },
      '2026-11-28': { guard: 2, timeout: 1, model_error: 0 },
    });
    // 90 days after the first count of the day.
    const expires = items.get('ANALYST_FALLBACKS|2026-11-28')?.expires_at;
    expect(expires).toBe(Date.parse('2026-11-28T00:01:00Z') / 1000 + 90 * 86_400);
  });
});
