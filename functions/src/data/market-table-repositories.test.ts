import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFeedHealthRepository } from './feed-health-repository';
import { createMarketAlertsRepository } from './market-alerts-repository';
import { encodeBar } from './bar-months';
import { createPricesRepository } from './prices-repository';
import { mergeMonth } from './bar-months';
import type { StoredQuote } from './stored-prices';

const documentMock = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

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
  closed: true,
  fetched_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
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

  it('merges bars into one item per month, by date, conditioned on the version read', async () => {
    const bar = (date: string, close: number) => ({
      date,
      close,
      closed: true,
      source: 'yahoo',
      fetched_at: '2026-01-05T00:00:00.000Z',
    });
    // January is not stored; February holds 02-03 at version 3.
    documentMock.on(BatchGetCommand).resolves({
      Responses: {
        market: [
          {
            pk: 'SYMBOL#AAPL',
            sk: 'BARS#2020-02',
            month: '2020-02',
            version: 3,
            bars: [encodeBar(bar('2020-02-03', 9))],
          },
        ],
      },
    });
    // The first write of February loses a race: the month is read again (version 4) and merged again.
    documentMock.on(GetCommand).resolves({
      Item: {
        pk: 'SYMBOL#AAPL',
        sk: 'BARS#2020-02',
        month: '2020-02',
        version: 4,
        bars: [encodeBar(bar('2020-02-03', 9))],
      },
    });
    documentMock
      .on(PutCommand)
      .callsFake(
        async (input: { Item: { sk: string }; ExpressionAttributeValues?: Record<string, number> }) => {
          if (input.Item.sk === 'BARS#2020-02' && input.ExpressionAttributeValues?.[':version'] === 3) {
            throw new ConditionalCheckFailedException({ message: 'raced', $metadata: {} });
          }
          return {};
        },
      );
    const result = await createPricesRepository(client, 'market').mergeBars('AAPL', [
      bar('2020-01-31', 10),
      bar('2020-02-03', 9),
      bar('2020-02-04', 11),
    ]);
    // January is new (1 date); February already had 02-03 with the same values (only 02-04 is new).
    expect(result).toEqual({ datesWritten: 2, monthsWritten: 2 });
    const puts = documentMock.commandCalls(PutCommand).map((call) => call.args[0].input);
    const february = puts.filter((input) => input.Item?.sk === 'BARS#2020-02');
    expect(puts.find((input) => input.Item?.sk === 'BARS#2020-01')?.ConditionExpression).toBe(
      'attribute_not_exists(pk)',
    );
    expect(february.map((input) => input.ExpressionAttributeValues)).toEqual([
      { ':version': 3 },
      { ':version': 4 },
    ]);
    // Stored compactly: d is the date (bar-months.ts).
    expect((february[1]?.Item?.bars as { d: string }[]).map((entry) => entry.d)).toEqual([
      '2020-02-03',
      '2020-02-04',
    ]);
    expect(
      documentMock.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.market?.ConsistentRead,
    ).toBe(true);
  });

  it('a merge replaces a stored date instead of adding a second one, and a replaced range drops dates the new history lacks', () => {
    const stored = [
      { date: '2020-08-27', close: 500, closed: true, source: 'yahoo', fetched_at: 't0' },
      { date: '2020-08-28', close: 499.23, closed: true, source: 'yahoo', fetched_at: 't0' },
    ];
    const restated = [{ date: '2020-08-28', close: 124.81, closed: true, source: 'yahoo', fetched_at: 't1' }];
    expect(mergeMonth(stored, restated, undefined).bars.map((bar) => [bar.date, bar.close])).toEqual([
      ['2020-08-27', 500],
      ['2020-08-28', 124.81],
    ]);
    const replaced = mergeMonth(stored, restated, { from: '2020-08-01', to: '2020-08-31' });
    expect(replaced).toMatchObject({ changed: 2 });
    expect(replaced.bars.map((bar) => bar.date)).toEqual(['2020-08-28']);
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
