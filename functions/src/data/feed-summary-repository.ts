import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FeedHealth, FeedHealthRepository } from './feed-health-repository';
import type { JobRunRecord } from './job-runs-repository';
import type { PricesRepository } from './prices-repository';
import type { StoredQuote } from './stored-prices';
import { keys } from './keys';

/*
 * The universe's feed summary (infra/README.md "The stored market"): every symbol's feed health, the
 * latest stored quote of every polled symbol and the price poll's run record, copied from the
 * per-symbol items by the price poll at the end of each run, so a request that shows the whole
 * universe (the ai health check, the admin dashboard) makes one Query instead of a Query and six
 * BatchGets of 100 keys.
 *
 * | Pattern                              | Key                                           |
 * | ------------------------------------ | --------------------------------------------- |
 * | the summary, in parts (gzip JSON)    | pk=FEED, sk=SUMMARY#<n>: one Query, all parts |
 *
 * One truth: the summary is read back from the per-symbol items (listFeedHealth, getQuotes) once the
 * run has written them, never assembled from what the run meant to write, and its parts are written
 * in one transaction, so a reader sees the whole of one run or the whole of the one before. It is as
 * fresh as the last finished run: the poll is the only writer of feed health; of the quotes only in
 * replay (live, the ingestion worker stores quotes between runs, so live readers read the quotes per
 * symbol, see feed-state.ts). A symbol the run did not look up (one listed on demand since) is not in
 * `symbols` and is read per symbol.
 */

export interface FeedSummary {
  /** When the run that wrote it finished. */
  written_at: string;
  /** That run's record, as job-runs-repository.ts stored it (the price poll writes both). */
  job_run: JobRunRecord;
  /** Every feed health row, as listFeedHealth read it. */
  health: FeedHealth[];
  /** The symbols whose stored quote was looked up (quoted or not). */
  symbols: string[];
  /** Their stored quotes (a symbol without one has none here). */
  quotes: StoredQuote[];
}

export interface FeedSummaryRepository {
  /** The last complete summary, or null before the first run wrote one. */
  getSummary(): Promise<FeedSummary | null>;
  /** Reads the per-symbol health and the `symbols`' stored quotes back and stores them with `jobRun`. */
  writeSummary(jobRun: JobRunRecord, symbols: readonly string[]): Promise<FeedSummary>;
}

/** Symbols per part: about 1.5 KB of JSON each before gzip, so a part stays far under 400 KB. */
const SYMBOLS_PER_PART = 200;

interface SummaryPart {
  health: FeedHealth[];
  symbols: string[];
  quotes: StoredQuote[];
}

/** Splits the summary into parts of at most SYMBOLS_PER_PART symbols each (at least one part). */
export function summaryParts(summary: Omit<FeedSummary, 'written_at' | 'job_run'>): SummaryPart[] {
  const names = [...new Set([...summary.health.map((row) => row.symbol), ...summary.symbols])].sort();
  const symbols = new Set(summary.symbols);
  const parts: SummaryPart[] = [];
  for (let start = 0; start === 0 || start < names.length; start += SYMBOLS_PER_PART) {
    const slice = new Set(names.slice(start, start + SYMBOLS_PER_PART));
    parts.push({
      health: summary.health.filter((row) => slice.has(row.symbol)),
      symbols: [...slice].filter((symbol) => symbols.has(symbol)),
      quotes: summary.quotes.filter((quote) => slice.has(quote.symbol)),
    });
  }
  return parts;
}

export function createFeedSummaryRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
  sources: {
    feedHealth: Pick<FeedHealthRepository, 'listFeedHealth'>;
    prices: Pick<PricesRepository, 'getQuotes'>;
  },
): FeedSummaryRepository {
  return {
    async getSummary() {
      // Parts of an earlier summary with more parts may remain: only the newest complete set counts.
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.feedPartition, ':prefix': keys.feedSummaryPrefix },
        }),
      );
      const newest = Items.reduce<string>((latest, item) => {
        const writtenAt = String(item.written_at);
        return writtenAt > latest ? writtenAt : latest;
      }, '');
      const parts = Items.filter((item) => item.written_at === newest);
      const expected = Number(parts[0]?.parts ?? 0);
      if (parts.length === 0 || parts.length !== expected) return null;
      const summary: FeedSummary = {
        written_at: newest,
        job_run: parts[0]?.job_run as JobRunRecord,
        health: [],
        symbols: [],
        quotes: [],
      };
      for (const item of parts) {
        const part = JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as SummaryPart;
        summary.health.push(...part.health);
        summary.symbols.push(...part.symbols);
        summary.quotes.push(...part.quotes);
      }
      return summary;
    },

    async writeSummary(jobRun, symbols) {
      const [health, quotes] = await Promise.all([
        sources.feedHealth.listFeedHealth(),
        sources.prices.getQuotes(symbols),
      ]);
      const summary: FeedSummary = {
        written_at: jobRun.finished_at,
        job_run: jobRun,
        health,
        symbols: [...new Set(symbols)],
        quotes: [...quotes.values()],
      };
      const parts = summaryParts(summary);
      await client.send(
        new TransactWriteCommand({
          TransactItems: parts.map((part, index) => ({
            Put: {
              TableName: tableName,
              Item: {
                ...keys.feedSummaryPart(index),
                entity: 'feed-summary',
                written_at: summary.written_at,
                parts: parts.length,
                job_run: jobRun,
                data: gzipSync(JSON.stringify(part)),
              },
            },
          })),
        }),
      );
      return summary;
    },
  };
}
