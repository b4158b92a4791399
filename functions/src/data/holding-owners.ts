import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

/**
 * The users with at least one holding row (`USER#<id>` / `HOLDING#<id>`), for the one-time ledger
 * migration job only (portfolio/ledger-migration.ts). No key or index lists every holder, so this is
 * the one Scan of the code base (infra/README.md "Ledger migration job"): it reads the whole holdings
 * table once per run, page by page, keeping only the partition keys of holding rows, and only the
 * migration function is granted dynamodb:Scan, on this table. Each user is yielded once per run.
 */
export async function* scanHoldingOwners(
  client: DynamoDBDocumentClient,
  tableName: string,
): AsyncGenerator<string> {
  const seen = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(sk, :holding)',
        ExpressionAttributeValues: { ':holding': keys.holdingPrefix },
        ProjectionExpression: 'pk',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const userId = String(item.pk).replace(/^USER#/, '');
      if (seen.has(userId)) continue;
      seen.add(userId);
      yield userId;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
