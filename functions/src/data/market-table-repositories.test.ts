import { message } from '@app/shared/messages/message';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFeedHealthRepository } from './feed-health-repository';
import { createMarketAlertsRepository } from './market-alerts-repository';
import { createPricesRepository, type StoredQuote } from './prices-repository';
import {
  createRecommendationQueueRepository,
  type QueuedRecommendation,
} from './recommendation-queue-repository';

const documentMock = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const tables = { market: 'market', moderation: 'moderation' };

const quote: StoredQuote = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  asset_type: 'stock',
  price: 172.26,
  previous_close: 169.23,
  change: 3.03,
  change_percent: 1.79,
  volume: 25555900,
  after_hours_price: null,
  premarket_change: null,
  premarket_date: null,
  as_of: '2018-01-02',
  market_date: '2018-01-02',
  source: 'replay:aapl.csv',
  mode: 'replay',
  stale: false,
  updated_at: '2026-01-01T00:00:00.000Z',
};

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

describe('market table repositories', () => {
  beforeEach(() => documentMock.reset());

  it('stores a quote only when as_of, the market date, price or the stale flag changed', async () => {
    documentMock
      .on(PutCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'unchanged', $metadata: {} }));
    const repository = createPricesRepository(client, 'market');
    expect(await repository.putQuoteIfChanged(quote)).toBe(true);
    expect(await repository.putQuoteIfChanged(quote)).toBe(false);
    const input = documentMock.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.Item).toMatchObject({ pk: 'SYMBOL#AAPL', sk: 'QUOTE', price: 172.26 });
    expect(input?.ConditionExpression).toContain('as_of <> :as_of');
    expect(input?.ConditionExpression).toContain('market_date <> :market_date');
  });

  it('reads many quotes with BatchGet and retries unprocessed keys', async () => {
    documentMock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { market: [{ pk: 'SYMBOL#AAPL', sk: 'QUOTE', ...quote }] },
        UnprocessedKeys: { market: { Keys: [{ pk: 'SYMBOL#BTC-USD', sk: 'QUOTE' }] } },
      })
      .resolvesOnce({
        Responses: { market: [{ pk: 'SYMBOL#BTC-USD', sk: 'QUOTE', ...quote, symbol: 'BTC-USD' }] },
      });
    const quotes = await createPricesRepository(client, 'market').getQuotes(['AAPL', 'BTC-USD']);
    expect([...quotes.keys()]).toEqual(['AAPL', 'BTC-USD']);
    expect(quotes.get('AAPL')).toEqual(quote);
    expect(documentMock.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('writes bars in batches of 25', async () => {
    documentMock.on(BatchWriteCommand).resolves({});
    const bars = Array.from({ length: 60 }, (_, i) => ({
      date: `2020-01-${String(i).padStart(2, '0')}`,
      close: i + 1,
    }));
    expect(await createPricesRepository(client, 'market').putBars('AAPL', bars)).toBe(60);
    const calls = documentMock.commandCalls(BatchWriteCommand);
    expect(calls.map((call) => call.args[0].input.RequestItems?.market?.length)).toEqual([25, 25, 10]);
    expect(calls[0]?.args[0].input.RequestItems?.market?.[0]?.PutRequest?.Item).toMatchObject({
      pk: 'SYMBOL#AAPL',
      sk: 'BAR#2020-01-00',
    });
  });

  it('writes feed health under the symbol and under FEED, and lists the universe with one Query', async () => {
    documentMock.on(BatchWriteCommand).resolves({});
    documentMock
      .on(QueryCommand)
      .resolves({ Items: [{ pk: 'FEED', sk: 'HEALTH#AAPL', symbol: 'AAPL', data_quality: 'good' }] });
    const repository = createFeedHealthRepository(client, 'market');
    await repository.putHealth({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      data_quality: 'good',
      quality_reasons: [],
      last_updated: null,
      last_error: null,
      consecutive_errors: 0,
      as_of: null,
      current_price: null,
      high_5d: null,
      low_5d: null,
      volatility_5d: null,
      bars_from: null,
      bars_through: null,
      source: null,
    });
    const keys = documentMock
      .commandCalls(BatchWriteCommand)[0]
      ?.args[0].input.RequestItems?.market?.map((request) => [
        request.PutRequest?.Item?.pk,
        request.PutRequest?.Item?.sk,
      ]);
    expect(keys).toEqual([
      ['SYMBOL#AAPL', 'HEALTH'],
      ['FEED', 'HEALTH#AAPL'],
    ]);
    expect(await repository.listFeedHealth()).toEqual([{ symbol: 'AAPL', data_quality: 'good' }]);
    expect(documentMock.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'FEED',
      ':prefix': 'HEALTH#',
    });
  });

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
    expect(items).toHaveLength(4);
  });

  it('queues the first recommendation of a symbol only while it has no marker', async () => {
    documentMock.on(QueryCommand).resolves({ Items: [] });
    documentMock.on(TransactWriteCommand).resolves({});
    await createRecommendationQueueRepository(client, tables).enqueueSuperseding(recommendation, null);
    const items = documentMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(items.at(-1)?.Update?.ExpressionAttributeValues).toEqual({
      ':one': 1,
      ':pending': 1,
      ':replaced': 0,
    });
  });

  it('lists unexpired alerts newest first, of the current replay cycle up to the market date', async () => {
    documentMock
      .on(QueryCommand)
      .resolves({ Items: [{ pk: 'ALERTS', sk: 'x', alert_id: 'a', expires_at: 200 }] });
    const alerts = await createMarketAlertsRepository(client, 'market').listAlerts(5, 100, {
      cycleId: 'c2',
      marketDate: '2017-03-14',
    });
    expect(alerts).toEqual([{ alert_id: 'a', expires_at: 200 }]);
    const input = documentMock.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      ScanIndexForward: false,
      FilterExpression: 'expires_at > :now AND cycle_id = :cycle AND market_date <= :date',
      ExpressionAttributeValues: { ':now': 100, ':cycle': 'c2', ':date': '2017-03-14' },
    });
  });
});
