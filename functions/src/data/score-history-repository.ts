import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '../engine/types';
import type { DailyScore } from '../engine/score-history';
import {
  cancellationCodes,
  isConditionFailure,
  queryAll,
  sendWithConflictRetry,
  stripKeys,
} from './dynamo-helpers';
import { keys } from './keys';

/*
 * The score history of each symbol (engine/score-history.ts), written by the price poll and read by
 * GET /api/ai/score-history/{symbol} (access patterns: infra/README.md):
 *
 * | Pattern                                 | Key                                                         |
 * | --------------------------------------- | ----------------------------------------------------------- |
 * | days' scores, each written once         | TransactWriteItems of up to 100 PutItem pk=SYMBOL#<s>,      |
 * |                                         | sk=SCORE#<date>, attribute_not_exists (one by one when one  |
 * |                                         | of them is stored already)                                  |
 * | the days of a range                     | Query pk=SYMBOL#<s>, sk BETWEEN SCORE#<from> AND SCORE#<to> |
 * | the first and last stored day           | GetItem / PutItem pk=SYMBOL#<s>, sk=SCORES                   |
 *
 * A stored day is never rewritten: what the card showed that day stays what it showed, even when the
 * provider later corrects a bar or a company restates a filing.
 */

export interface ScoreRange {
  from: IsoDate;
  through: IsoDate;
}

export interface ScoreHistoryRepository {
  getRange(symbol: string): Promise<ScoreRange | null>;
  /** Writes the days not stored yet (a stored day is kept as it is); returns how many were written. */
  putNewDays(symbol: string, scores: readonly DailyScore[]): Promise<number>;
  listDays(symbol: string, from: IsoDate, to: IsoDate): Promise<DailyScore[]>;
}

/**
 * Days written in one transaction (DynamoDB's limit is 100 items): a poll over the 570-series universe
 * backfills 20 days of each, and one call per symbol instead of twenty is most of that poll's cost.
 */
const DAYS_PER_TRANSACTION = 100;
/** Days written at once when a transaction met a stored day and its days go one by one. */
const WRITE_CONCURRENCY = 8;

export function createScoreHistoryRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): ScoreHistoryRepository {
  async function putOnce(score: DailyScore): Promise<boolean> {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.dailyScore(score.symbol, score.date), ...score },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error: unknown) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Each day on its own condition, a few at once: the days of a chunk that met a stored one. */
  async function putEach(scores: readonly DailyScore[]): Promise<number> {
    let written = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(WRITE_CONCURRENCY, scores.length) }, async () => {
        while (next < scores.length) {
          const score = scores[next] as DailyScore;
          next += 1;
          if (await putOnce(score)) written += 1;
        }
      }),
    );
    return written;
  }

  /**
   * Up to 100 days in one transaction, each on its own condition; when one of them is stored already
   * (another poll wrote it), or other writers keep conflicting with it, the transaction writes nothing
   * and the days go one by one, so a stored day is still kept as it is and every other day is written.
   * A transactional write costs two write units a day against one: paid once per day of history.
   */
  async function putChunk(scores: readonly DailyScore[]): Promise<number> {
    if (scores.length === 1) return (await putOnce(scores[0] as DailyScore)) ? 1 : 0;
    try {
      await sendWithConflictRetry(
        client,
        new TransactWriteCommand({
          TransactItems: scores.map((score) => ({
            Put: {
              TableName: tableName,
              Item: { ...keys.dailyScore(score.symbol, score.date), ...score },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        }),
      );
      return scores.length;
    } catch (error: unknown) {
      // A stored day, or other writers on these days after every retry: each day on its own instead.
      if (isConditionFailure(error) || cancellationCodes(error).includes('TransactionConflict'))
        return putEach(scores);
      throw error;
    }
  }

  async function getRange(symbol: string): Promise<ScoreRange | null> {
    const output = await client.send(new GetCommand({ TableName: tableName, Key: keys.scoreRange(symbol) }));
    return output.Item
      ? { from: output.Item.from as IsoDate, through: output.Item.through as IsoDate }
      : null;
  }

  return {
    getRange,
    async putNewDays(symbol, scores) {
      if (scores.length === 0) return 0;
      let written = 0;
      for (let start = 0; start < scores.length; start += DAYS_PER_TRANSACTION) {
        written += await putChunk(scores.slice(start, start + DAYS_PER_TRANSACTION));
      }
      const dates = scores.map((score) => score.date).sort();
      const known = await getRange(symbol);
      const range = {
        from: known && known.from < (dates[0] as IsoDate) ? known.from : (dates[0] as IsoDate),
        through:
          known && known.through > (dates.at(-1) as IsoDate) ? known.through : (dates.at(-1) as IsoDate),
      };
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.scoreRange(symbol), ...range } }),
      );
      return written;
    },
    async listDays(symbol, from, to) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.symbolPartition(symbol),
          ':from': keys.dailyScore(symbol, from).sk,
          ':to': keys.dailyScore(symbol, to).sk,
        },
      });
      return items.map((item) => stripKeys<DailyScore>(item));
    },
  };
}
