import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { IsoDate, SourceQuote, SymbolAnalysis } from '../engine/types';
import { batchGetAll, batchPutAll } from './dynamo-helpers';
import { keys } from './keys';

/*
 * The graded market of one replayed date (market-data/README.md "Grades once per market date"): every
 * symbol's quote and analysis at that date, written once by the price poll, read by the requests that
 * list or rank the universe, so no request grades hundreds of symbols.
 *
 * | Pattern                         | Key                                                  |
 * | ------------------------------- | ---------------------------------------------------- |
 * | the day's header (written last) | pk=MARKET_DAY#<date>, sk=DAY                          |
 * | its parts (gzip JSON, binary)   | pk=MARKET_DAY#<date>, sk=PART#<n>: BatchGet by header |
 *
 * A day without its header is not complete and reads as absent. Items expire three days after they
 * were written (the market table's TTL): a replay cycle writes them again.
 */

export interface GradedSymbol {
  quote: SourceQuote;
  /** Null when the symbol is quoted but not graded (an FX pair, a series too short to grade). */
  analysis: SymbolAnalysis | null;
}

export interface MarketDayHeader {
  date: IsoDate;
  parts: number;
  symbols: number;
  graded_at: string;
  duration_ms: number;
}

export interface MarketDayRepository {
  getDayHeader(date: IsoDate): Promise<MarketDayHeader | null>;
  /** Every graded symbol of the date, or null when the day is not complete. */
  getDay(date: IsoDate): Promise<Map<string, GradedSymbol> | null>;
  putDay(
    date: IsoDate,
    graded: readonly GradedSymbol[],
    meta: { graded_at: string; duration_ms: number },
  ): Promise<void>;
}

const SYMBOLS_PER_PART = 100;
const KEEP_SECONDS = 3 * 86_400;

export function createMarketDayRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): MarketDayRepository {
  async function getDayHeader(date: IsoDate): Promise<MarketDayHeader | null> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.marketDay(date) }));
    return Item ? (Item.header as MarketDayHeader) : null;
  }

  return {
    getDayHeader,

    async getDay(date) {
      const header = await getDayHeader(date);
      if (!header) return null;
      const items = await batchGetAll(
        client,
        tableName,
        Array.from({ length: header.parts }, (_, part) => keys.marketDayPart(date, part)),
      );
      if (items.length !== header.parts) return null;
      const day = new Map<string, GradedSymbol>();
      for (const item of items) {
        const rows = JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as GradedSymbol[];
        for (const row of rows) day.set(row.quote.symbol, row);
      }
      return day;
    },

    async putDay(date, graded, meta) {
      const expiresAt = Math.floor(Date.now() / 1000) + KEEP_SECONDS;
      const parts: Record<string, unknown>[] = [];
      for (let start = 0; start < graded.length; start += SYMBOLS_PER_PART) {
        const rows = graded.slice(start, start + SYMBOLS_PER_PART);
        parts.push({
          ...keys.marketDayPart(date, parts.length),
          entity: 'market-day-part',
          data: gzipSync(JSON.stringify(rows)),
          expires_at: expiresAt,
        });
      }
      await batchPutAll(client, tableName, parts);
      const header: MarketDayHeader = { date, parts: parts.length, symbols: graded.length, ...meta };
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.marketDay(date), entity: 'market-day', header, expires_at: expiresAt },
        }),
      );
    },
  };
}
