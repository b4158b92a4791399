import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DataQuality } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { IsoDate } from '../engine/types';
import { batchPutAll, queryAll, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Feed health per symbol, written by the price poll (rules: engine/feed-quality.ts) and read by the
 * admin price monitor and the ai health check (access patterns: infra/README.md):
 *
 * | Pattern                                   | Key                             |
 * | ----------------------------------------- | ------------------------------- |
 * | feed health of a symbol                   | pk=SYMBOL#<s>, sk=HEALTH        |
 * | feed health of the whole universe (Query) | pk=FEED, sk begins_with HEALTH# |
 */

export interface FeedHealth {
  symbol: string;
  name: string;
  data_quality: DataQuality;
  /**
   * Why the quality is not 'good' (empty when it is): messages, worded in the reader's language when
   * read; rows written before messages hold English sentences, read as they are.
   */
  quality_reasons: (Message | string)[];
  /** Last time the poll stored a changed quote; null when it never did. */
  last_updated: string | null;
  /** The source's own error text (a diagnostic, as the source wrote it). */
  last_error: string | null;
  consecutive_errors: number;
  as_of: IsoDate | null;
  current_price: number | null;
  high_5d: number | null;
  low_5d: number | null;
  /** Sample standard deviation of the last 5 daily returns, in percent (not annualised). */
  volatility_5d: number | null;
  /** Range of daily bars stored in the table (contiguous). */
  bars_from: IsoDate | null;
  bars_through: IsoDate | null;
  source: string | null;
}

/** A feed's reasons as messages: an old row's English sentences are read as they were written. */
export function qualityReasonsOf(health: Pick<FeedHealth, 'quality_reasons'>): Message[] {
  return health.quality_reasons.map((reason) =>
    typeof reason === 'string' ? message('STORED_TEXT', { text: reason }) : reason,
  );
}

export interface FeedHealthRepository {
  getHealth(symbol: string): Promise<FeedHealth | null>;
  listFeedHealth(): Promise<FeedHealth[]>;
  putHealth(health: FeedHealth): Promise<void>;
}

export function createFeedHealthRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): FeedHealthRepository {
  return {
    async getHealth(symbol) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.symbolHealth(symbol) }),
      );
      return Item ? stripKeys<FeedHealth>(Item) : null;
    },

    async listFeedHealth() {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.feedPartition, ':prefix': keys.feedHealthPrefix },
      });
      return items.map((item) => stripKeys<FeedHealth>(item));
    },

    async putHealth(health) {
      await batchPutAll(client, tableName, [
        { ...keys.symbolHealth(health.symbol), entity: 'feed-health', ...health },
        { ...keys.feedHealth(health.symbol), entity: 'feed-health', ...health },
      ]);
    },
  };
}
