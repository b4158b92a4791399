import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../data/keys';

/**
 * What the ai area needs of a user's holdings (portfolio history): symbol and shares per position.
 * The portfolio area owns the holdings; this reads the items it writes (holdings table,
 * pk=USER#<id>, sk begins_with HOLDING#, attributes symbol and shares).
 */
export interface HeldPosition {
  symbol: string;
  shares: number;
}

export interface HoldingsReader {
  listPositions(userId: string): Promise<HeldPosition[]>;
}

export function createDynamoHoldingsReader(
  client: DynamoDBDocumentClient,
  tableName: string,
): HoldingsReader {
  return {
    async listPositions(userId) {
      const positions: HeldPosition[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const output = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.holdingPrefix },
            ProjectionExpression: 'symbol, shares',
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of output.Items ?? []) {
          const shares = Number(item.shares);
          if (typeof item.symbol === 'string' && Number.isFinite(shares) && shares > 0) {
            positions.push({ symbol: item.symbol.toUpperCase(), shares });
          }
        }
        startKey = output.LastEvaluatedKey;
      } while (startKey);
      return positions;
    },
  };
}
