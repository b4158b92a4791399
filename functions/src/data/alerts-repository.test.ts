import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildDemoAlerts } from '../engine/catalysts/demo-alerts';
import { createAlertsRepository } from './alerts-repository';

const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(documentClient);
const repository = createAlertsRepository(documentClient, { holdings: 'holdings', usage: 'usage' });
const [alert] = buildDemoAlerts(new Date('2026-11-22T08:00:00Z'));
const context = {
  symbol: 'BTC-USD',
  rule: 'price_move',
  day: '2026-11-22',
  limit: 5,
  now: new Date('2026-11-22T08:00:00Z'),
};

function cancelled(codes: string[]) {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

describe('alerts repository', () => {
  beforeEach(() => mock.reset());

  it('writes the alert and counts the quota in one transaction', async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(await repository.putCounted('u1', alert!, context)).toBe('written');
    const input = mock.commandCalls(TransactWriteCommand)[0]?.args[0].input;
    expect(input?.TransactItems?.[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(input?.TransactItems?.[0]?.Put?.Item).toMatchObject({ pk: 'USER#u1', sk: `ALERT#${alert!.id}` });
    expect(input?.TransactItems?.[1]?.Update?.Key).toEqual({ pk: 'USER#u1', sk: 'DAY#2026-11-22' });
    expect(input?.TransactItems?.[1]?.Update?.ExpressionAttributeValues?.[':limit']).toBe(5);
  });

  it('tells a duplicate (second poll) from an exhausted quota', async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['ConditionalCheckFailed', 'None']))
      .rejectsOnce(cancelled(['None', 'ConditionalCheckFailed']));
    expect(await repository.putCounted('u1', alert!, context)).toBe('duplicate');
    expect(await repository.putCounted('u1', alert!, context)).toBe('quota_exceeded');
  });

  it('writes nothing with a limit of 0 and no condition when unlimited', async () => {
    expect(await repository.putCounted('u1', alert!, { ...context, limit: 0 })).toBe('quota_exceeded');
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    mock.on(TransactWriteCommand).resolves({});
    await repository.putCounted('u1', alert!, { ...context, limit: -1 });
    expect(
      mock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[1]?.Update
        ?.ConditionExpression,
    ).toBeUndefined();
  });

  it('dismisses only an existing alert', async () => {
    mock.on(UpdateCommand).rejectsOnce(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await repository.dismiss('u1', 'missing')).toBe(false);
    mock.on(UpdateCommand).resolves({});
    expect(await repository.dismiss('u1', alert!.id)).toBe(true);
  });
});
