import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stripKeys } from './dynamo-helpers';
import { keys } from './keys';
import type { StoredQuote } from './stored-prices';

/*
 * Timed copies of live quotes (market table, `SYMBOL#<s>` / `QUOTE_AT#<updated_at>`, TTL one hour), so a
 * plan that sees prices late (FREE: 15 minutes, entitlements/plan-quotes.ts) reads the quote as it was
 * then, not a copy of the latest. Written beside the latest quote by prices-repository.ts.
 */

/** How long a live quote's timed copy is kept: the longest delay a plan has, with room to spare. */
export const QUOTE_HISTORY_SECONDS = 60 * 60;

export async function putTimedQuoteCopy(
  client: DynamoDBDocumentClient,
  tableName: string,
  quote: StoredQuote,
): Promise<void> {
  const expiresAt = Math.floor(Date.parse(quote.updated_at) / 1000) + QUOTE_HISTORY_SECONDS;
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.quoteAt(quote.symbol, quote.updated_at),
        entity: 'quote-at',
        ...quote,
        expires_at: expiresAt,
      },
    }),
  );
}

/** The newest live quote stored at or before `instant` (null when none is that old). */
export async function getQuoteAsOf(
  client: DynamoDBDocumentClient,
  tableName: string,
  symbol: string,
  instant: Date,
): Promise<StoredQuote | null> {
  const { Items } = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.symbolPartition(symbol),
        ':from': keys.quoteAtPrefix,
        ':to': `${keys.quoteAtPrefix}${instant.toISOString()}`,
      },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  if (!item) return null;
  const { expires_at: _expiresAt, ...quote } = stripKeys<StoredQuote & { expires_at?: number }>(item);
  return quote;
}
