import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedHealth } from './feed-health-repository';
import { createFeedSummaryRepository, summaryParts } from './feed-summary-repository';
import type { JobRunRecord } from './job-runs-repository';
import type { StoredQuote } from './stored-prices';

const documentMock = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));

const symbols = Array.from({ length: 450 }, (_, index) => `S${String(index).padStart(3, '0')}`);
const health = symbols.map((symbol) => ({ symbol, data_quality: 'good' }) as FeedHealth);
// Every other symbol has a stored quote.
const quotes = symbols
  .filter((_, index) => index % 2 === 0)
  .map((symbol) => ({ symbol, price: 1 }) as StoredQuote);
const run = (finishedAt: string) => ({ job: 'price-poll', finished_at: finishedAt }) as JobRunRecord;

beforeEach(() => documentMock.reset());

describe('the feed summary', () => {
  it('splits 450 symbols into parts of 200, each symbol, health row and quote in exactly one', () => {
    const parts = summaryParts({ health, symbols, quotes });
    expect(parts.map((part) => part.health.length)).toEqual([200, 200, 50]);
    expect(parts.flatMap((part) => part.symbols)).toEqual(symbols);
    expect(parts.flatMap((part) => part.quotes).length).toBe(225);
    expect(summaryParts({ health: [], symbols: [], quotes: [] })).toHaveLength(1);
  });

  it('writes what it reads back, in one transaction, and reads the newest complete set of parts', async () => {
    const repository = createFeedSummaryRepository(client, 'market', {
      feedHealth: { listFeedHealth: async () => health },
      prices: {
        getQuotes: async (asked) =>
          new Map(
            quotes.filter((quote) => asked.includes(quote.symbol)).map((quote) => [quote.symbol, quote]),
          ),
      },
    });
    documentMock.on(TransactWriteCommand).resolves({});
    await repository.writeSummary(run('2026-11-29T05:00:00.000Z'), symbols);
    const written = documentMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(written.map((item) => item.Put?.Item?.sk)).toEqual(['SUMMARY#0', 'SUMMARY#1', 'SUMMARY#2']);
    const items = written.map((item) => item.Put?.Item as Record<string, unknown>);

    // A leftover fourth part of an older run with more parts, and an older run's part 0, are ignored.
    const older = { ...items[0], written_at: '2026-11-29T04:00:00.000Z', parts: 4 };
    documentMock.on(QueryCommand).resolves({ Items: [older, ...items, { ...older, sk: 'SUMMARY#3' }] });
    const summary = await repository.getSummary();
    expect(summary?.written_at).toBe('2026-11-29T05:00:00.000Z');
    expect(summary?.job_run.finished_at).toBe('2026-11-29T05:00:00.000Z');
    expect(summary?.health).toEqual(health);
    expect(summary?.symbols).toEqual(symbols);
    expect(summary?.quotes).toEqual(quotes);

    // A set missing a part is not a summary: the readers fall back to the per-symbol items.
    documentMock.on(QueryCommand).resolves({ Items: items.slice(0, 2) });
    expect(await repository.getSummary()).toBeNull();
    documentMock.on(QueryCommand).resolves({ Items: [] });
    expect(await repository.getSummary()).toBeNull();
  });
});
