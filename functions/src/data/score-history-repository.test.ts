import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DailyScore } from '../engine/score-history';
import { createScoreHistoryRepository } from './score-history-repository';

const documentMock = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

const day = (date: string, composite: number): DailyScore => ({
  symbol: 'AAPL',
  date,
  grade: 'B',
  composite,
  price: 120,
  data_completeness: 1,
  factors: [],
});

describe('score history repository', () => {
  beforeEach(() => documentMock.reset());

  it('writes new days in one transaction, each on its condition', async () => {
    documentMock.on(TransactWriteCommand).resolves({});
    documentMock.on(PutCommand).resolves({});
    documentMock.on(GetCommand).resolves({});
    const days = Array.from({ length: 130 }, (_, index) =>
      day(
        `2017-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
        50,
      ),
    );

    const written = await createScoreHistoryRepository(client, 'market').putNewDays('AAPL', days);

    expect(written).toBe(130);
    // DynamoDB takes at most 100 items a transaction: 100, then 30.
    const transactions = documentMock.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
    expect(transactions.map((input) => input.TransactItems?.length)).toEqual([100, 30]);
    const puts = transactions.flatMap((input) => input.TransactItems ?? []).map((item) => item.Put);
    expect(new Set(puts.map((put) => put?.Item?.sk)).size).toBe(130);
    expect(puts.every((put) => put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    // No day went on its own; only the range item was put.
    expect(documentMock.commandCalls(PutCommand).map((call) => call.args[0].input.Item?.sk)).toEqual([
      'SCORES',
    ]);
  });

  it('writes the days one by one when other writers keep conflicting with the transaction', async () => {
    documentMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
      }),
    );
    documentMock.on(PutCommand).resolves({});
    documentMock.on(GetCommand).resolves({});

    const written = await createScoreHistoryRepository(client, 'market').putNewDays('AAPL', [
      day('2017-01-03', 60),
      day('2017-01-04', 61),
    ]);

    expect(written).toBe(2);
    const dayPuts = documentMock
      .commandCalls(PutCommand)
      .map((call) => call.args[0].input)
      .filter((input) => String(input.Item?.sk).startsWith('SCORE#'));
    expect(dayPuts.map((input) => input.ConditionExpression)).toEqual([
      'attribute_not_exists(pk)',
      'attribute_not_exists(pk)',
    ]);
  });

  it('writes each day once, on a condition, and keeps a stored day as it is', async () => {
    // Another poll stored 2017-01-03: the transaction is cancelled and the days go one by one.
    documentMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    documentMock.on(PutCommand).resolves({});
    documentMock
      .on(PutCommand, { Item: { sk: 'SCORE#2017-01-03' } }, false)
      .rejects(new ConditionalCheckFailedException({ message: 'stored', $metadata: {} }));
    documentMock.on(GetCommand).resolves({ Item: { from: '2016-06-01', through: '2017-01-03' } });
    const repository = createScoreHistoryRepository(client, 'market');

    const written = await repository.putNewDays('AAPL', [day('2017-01-03', 60), day('2017-01-04', 61)]);

    expect(written).toBe(1);
    const puts = documentMock.commandCalls(PutCommand).map((call) => call.args[0].input);
    const dayPuts = puts.filter((input) => String(input.Item?.sk).startsWith('SCORE#'));
    expect(dayPuts.map((input) => [input.Item?.pk, input.Item?.sk, input.ConditionExpression])).toEqual(
      expect.arrayContaining([
        ['SYMBOL#AAPL', 'SCORE#2017-01-03', 'attribute_not_exists(pk)'],
        ['SYMBOL#AAPL', 'SCORE#2017-01-04', 'attribute_not_exists(pk)'],
      ]),
    );
    // The range keeps the earlier first day and moves its last day on.
    const range = puts.find((input) => input.Item?.sk === 'SCORES');
    expect(range?.Item).toEqual({
      pk: 'SYMBOL#AAPL',
      sk: 'SCORES',
      from: '2016-06-01',
      through: '2017-01-04',
    });
  });

  it('reads a range of days with one key-condition Query, without the keys', async () => {
    documentMock.on(QueryCommand).resolves({
      Items: [{ pk: 'SYMBOL#AAPL', sk: 'SCORE#2017-01-03', ...day('2017-01-03', 60) }],
    });
    const repository = createScoreHistoryRepository(client, 'market');

    const days = await repository.listDays('AAPL', '2017-01-01', '2017-01-31');

    expect(days).toEqual([day('2017-01-03', 60)]);
    const input = documentMock.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input?.KeyConditionExpression).toBe('pk = :pk AND sk BETWEEN :from AND :to');
    expect(input?.ExpressionAttributeValues).toEqual({
      ':pk': 'SYMBOL#AAPL',
      ':from': 'SCORE#2017-01-01',
      ':to': 'SCORE#2017-01-31',
    });
  });

  it('has no range before the first day is stored', async () => {
    documentMock.on(GetCommand).resolves({});
    expect(await createScoreHistoryRepository(client, 'market').getRange('AAPL')).toBeNull();
  });
});
