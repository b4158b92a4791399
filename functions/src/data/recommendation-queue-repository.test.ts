import { message } from '@app/shared/messages/message';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createRecommendationQueueRepository,
  type QueuedRecommendation,
} from './recommendation-queue-repository';

const documentMock = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const tables = { market: 'market', moderation: 'moderation' };

const recommendation: QueuedRecommendation = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  symbol: 'AAPL',
  recommendation: 'BUY',
  risk_level: 1,
  confidence: 0.7,
  ai_score: 6.6,
  reasoning: message('NUGGET_NO_FUNDAMENTALS'),
  target_price: 180,
  generated_at: '2026-01-01T00:00:00.000Z',
  status: 'PENDING',
  as_of: '2018-01-02',
  market_date: '2018-01-02',
  cycle_id: '2026-01-01T00:00:00.000Z',
  investment_grade: 'B+',
  composite_rationality_score: 66.4,
  data_mode: 'replay',
};

describe('the recommendation review queue', () => {
  beforeEach(() => documentMock.reset());

  it('queues a recommendation with its marker, supersedes the pending one and moves the counters once, in one transaction', async () => {
    const older = {
      ...recommendation,
      id: '01JABCDEFGHJKMNPQRSTVWXYZ9',
      generated_at: '2025-12-31T00:00:00.000Z',
    };
    documentMock
      .on(QueryCommand)
      .resolves({ Items: [{ ...older, pk: `REC#${older.id}`, sk: 'ITEM', gsi1pk: 'QUEUE#REC#PENDING' }] });
    documentMock
      .on(TransactWriteCommand)
      .resolvesOnce({})
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
        }),
      );
    const repository = createRecommendationQueueRepository(client, tables);
    const last = {
      symbol: 'AAPL',
      recommendation_id: older.id,
      action: 'HOLD' as const,
      as_of: '2018-01-01',
      generated_at: older.generated_at,
    };
    expect(await repository.enqueueSuperseding(recommendation, last)).toBe(true);
    // Another poll moved the marker first: this one queues nothing.
    expect(await repository.enqueueSuperseding(recommendation, last)).toBe(false);
    const pendingQuery = documentMock.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(pendingQuery).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':queue': 'QUEUE#REC#PENDING', ':symbol': 'AAPL' },
    });
    const items = documentMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.Item).toMatchObject({
      pk: 'SYMBOL#AAPL',
      sk: 'LAST_REC',
      action: 'BUY',
      cycle_id: recommendation.cycle_id,
    });
    expect(items[0]?.Put?.ConditionExpression).toBe('recommendation_id = :last');
    expect(items[1]?.Put?.Item).toMatchObject({
      pk: `REC#${recommendation.id}`,
      sk: 'ITEM',
      gsi1pk: 'QUEUE#REC#PENDING',
      gsi1sk: `${recommendation.generated_at}#${recommendation.id}`,
      status: 'PENDING',
    });
    // The older pending one leaves the pending queue, only if a reviewer has not decided it first.
    expect(items[2]?.Update).toMatchObject({
      Key: { pk: `REC#${older.id}`, sk: 'ITEM' },
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: {
        ':replaced': 'SUPERSEDED',
        ':queue': 'QUEUE#REC#SUPERSEDED',
        ':by': recommendation.id,
      },
    });
    // One counters update: one more generated, pending unchanged (+1 - 1), one superseded.
    expect(items[3]?.Update).toMatchObject({
      TableName: 'moderation',
      Key: { pk: 'STATS', sk: 'REC' },
      UpdateExpression: 'ADD generated :one, pending :pending, superseded :replaced',
      ExpressionAttributeValues: { ':one': 1, ':pending': 0, ':replaced': 1 },
    });
    // The same marker under the one partition the list reads, unconditioned (the first Put guards it).
    expect(items[4]?.Put).toEqual({
      TableName: 'market',
      Item: {
        pk: 'LAST_RECS',
        sk: 'AAPL',
        entity: 'last-recommendation',
        symbol: 'AAPL',
        recommendation_id: recommendation.id,
        action: 'BUY',
        as_of: recommendation.as_of,
        generated_at: recommendation.generated_at,
        cycle_id: recommendation.cycle_id,
        review_status: 'PENDING',
      },
    });
    expect(items).toHaveLength(5);
  });

  it('queues the first recommendation of a symbol only while it has no marker', async () => {
    documentMock.on(QueryCommand).resolves({ Items: [] });
    documentMock.on(TransactWriteCommand).resolves({});
    await createRecommendationQueueRepository(client, tables).enqueueSuperseding(recommendation, null);
    const items = documentMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    const counters = items.find((entry) => entry.Update?.Key?.pk === 'STATS');
    expect(counters?.Update?.ExpressionAttributeValues).toEqual({
      ':one': 1,
      ':pending': 1,
      ':replaced': 0,
    });
  });

  it("reads the markers of a list's symbols with one Query of the LAST_RECS partition, following its pages", async () => {
    const marker = (symbol: string, action: string) => ({
      pk: 'LAST_RECS',
      sk: symbol,
      entity: 'last-recommendation',
      symbol,
      recommendation_id: `id-${symbol}`,
      action,
      as_of: '2018-01-02',
      generated_at: '2026-01-01T00:00:00.000Z',
      cycle_id: 'c1',
    });
    documentMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [marker('AAPL', 'BUY'), marker('IBM', 'SELL')], LastEvaluatedKey: { pk: 'x' } })
      .resolvesOnce({ Items: [marker('MSFT', 'HOLD')] });
    const found = await createRecommendationQueueRepository(client, tables).getLastRecommendations([
      'AAPL',
      'MSFT',
      'TSLA',
    ]);
    // IBM is not asked for; TSLA has no marker.
    expect([...found.keys()].sort()).toEqual(['AAPL', 'MSFT']);
    expect(found.get('MSFT')).toEqual({
      symbol: 'MSFT',
      recommendation_id: 'id-MSFT',
      action: 'HOLD',
      as_of: '2018-01-02',
      generated_at: '2026-01-01T00:00:00.000Z',
      cycle_id: 'c1',
    });
    const queries = documentMock.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      TableName: 'market',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'LAST_RECS' },
    });
    expect(queries[1]?.ExclusiveStartKey).toEqual({ pk: 'x' });
  });

  it('writes a status back onto each marker only while it names that item and carries none', async () => {
    const refused = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: {},
    });
    documentMock
      .on(UpdateCommand)
      .resolves({})
      .on(UpdateCommand, { Key: { pk: 'LAST_RECS', sk: 'IBM' } })
      .rejects(refused);
    await createRecommendationQueueRepository(client, tables).recordMarkerStatuses([
      { symbol: 'AAPL', recommendation_id: 'id-AAPL', review_status: 'APPROVED' },
      // Decided or queued anew meanwhile: its condition fails and the write-back leaves it.
      { symbol: 'IBM', recommendation_id: 'id-IBM', review_status: 'PENDING' },
    ]);
    const updates = documentMock.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toHaveLength(2);
    expect(updates.find((update) => update.Key?.sk === 'AAPL')).toEqual({
      TableName: 'market',
      Key: { pk: 'LAST_RECS', sk: 'AAPL' },
      UpdateExpression: 'SET review_status = :status',
      ConditionExpression: 'recommendation_id = :id AND attribute_not_exists(review_status)',
      ExpressionAttributeValues: { ':status': 'APPROVED', ':id': 'id-AAPL' },
    });
  });

  it('lets any other failure of a write-back reach the caller', async () => {
    documentMock.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(
      createRecommendationQueueRepository(client, tables).recordMarkerStatuses([
        { symbol: 'AAPL', recommendation_id: 'id-AAPL', review_status: 'PENDING' },
      ]),
    ).rejects.toThrow('throttled');
  });
});
