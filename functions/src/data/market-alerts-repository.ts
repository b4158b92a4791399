import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertLevel, SentimentLabel } from '@app/shared/domain/enums';
import type { Message } from '@app/shared/messages/message';
import type { IsoDate } from '../engine/types';
import { isConditionFailure, stripKeys } from './dynamo-helpers';
import { keys } from './keys';

/*
 * Market-wide price and volume alerts the price poll raises (rules: engine/market-alerts.ts), listed
 * by GET /api/ai/alerts (access patterns: infra/README.md):
 *
 * | Pattern                                | Key                                                 |
 * | -------------------------------------- | --------------------------------------------------- |
 * | an alert raised once per cycle, bar and kind | pk=SYMBOL#<s>, sk=ALERTED#<cycle>#<as_of>#<kind> (TTL) |
 * | newest alerts first (Query)            | pk=ALERTS, sk=<published ISO>#<id> (TTL expires_at) |
 */

export interface StoredMarketAlert {
  alert_id: string;
  symbol: string;
  alert_level: AlertLevel;
  event_type: 'price_move' | 'volume_surge';
  /**
   * Texts are messages, worded in each reader's language when listed; rows raised before messages
   * hold English sentences, read as they are.
   */
  title: Message | string;
  message: Message | string;
  impact_score: number;
  sentiment: SentimentLabel;
  sentiment_score: number;
  published_time: string;
  source: string;
  url: string;
  keywords: (Message | string)[];
  recommended_action: Message | string;
  /** Trading day of the bar that raised the alert. */
  as_of: IsoDate;
  /** The market date of the poll that raised it, and its replay cycle (`live` in live mode). */
  market_date: IsoDate;
  cycle_id: string;
  /** Epoch seconds; DynamoDB TTL removes the item some time after (reads filter on it too). */
  expires_at: number;
}

/** Which alerts a reader may see: those of one replay cycle, up to the market date (no look-ahead). */
export interface AlertScope {
  cycleId: string;
  marketDate: IsoDate;
}

export interface MarketAlertsRepository {
  /** Writes the alert once per (symbol, cycle, as_of, kind); false when it was already raised. */
  putAlertOnce(alert: StoredMarketAlert, kind: string): Promise<boolean>;
  /** Newest first, unexpired, of the scope's cycle and dated up to its market date. */
  listAlerts(limit: number, nowEpochSeconds: number, scope: AlertScope): Promise<StoredMarketAlert[]>;
}

export function createMarketAlertsRepository(
  client: DynamoDBDocumentClient,
  tableName: string,
): MarketAlertsRepository {
  return {
    async putAlertOnce(alert, kind) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.alertMarker(alert.symbol, `${alert.cycle_id}#${alert.as_of}`, kind),
                    entity: 'alert-marker',
                    alert_id: alert.alert_id,
                    expires_at: alert.expires_at,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.liveAlert(alert.published_time, alert.alert_id),
                    entity: 'alert',
                    ...alert,
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error: unknown) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async listAlerts(limit, nowEpochSeconds, scope) {
      const alerts: StoredMarketAlert[] = [];
      let startKey: Record<string, unknown> | undefined;
      // Expired items linger until TTL removes them (up to days later), so the filter hides them;
      // alerts of an earlier replay cycle are about dates the clock has not reached again.
      do {
        const output = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            FilterExpression: 'expires_at > :now AND cycle_id = :cycle AND market_date <= :date',
            ExpressionAttributeValues: {
              ':pk': keys.liveAlertsPartition,
              ':now': nowEpochSeconds,
              ':cycle': scope.cycleId,
              ':date': scope.marketDate,
            },
            ScanIndexForward: false,
            Limit: Math.max(limit, 25),
            ExclusiveStartKey: startKey,
          }),
        );
        alerts.push(...(output.Items ?? []).map((item) => stripKeys<StoredMarketAlert>(item)));
        startKey = output.LastEvaluatedKey;
      } while (startKey && alerts.length < limit);
      return alerts.slice(0, limit);
    },
  };
}
