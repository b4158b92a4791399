import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { newRequestScope, runInRequestScope } from '@app/functions/platform/request-scope';
import { tableName } from '@app/infra/lib/table-definitions';

/*
 * The round-trip count each cost record carries (issue 48: "every read route at most 3 calls"),
 * checked on DynamoDB Local: every command is one call whatever it carries, and the items read are
 * what came back (a missing key reads none). The expected figures are the commands this test sends.
 */
describe('DynamoDB calls and items read per request', () => {
  it('counts one call per command and the items each returned', async () => {
    const { dynamoEndpoint } = inject('stack');
    const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
    const table = tableName('local', 'usage');
    const pk = `test#calls#${randomUUID()}`;
    const scope = newRequestScope('calls-test', 'GET /test');
    await runInRequestScope(scope, async () => {
      for (const sk of ['a', 'b', 'c'])
        await client.send(new PutCommand({ TableName: table, Item: { pk, sk } }));
    });
    expect([scope.dynamoCalls, scope.itemsRead]).toEqual([3, 0]);

    await runInRequestScope(scope, async () => {
      await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      );
      await client.send(new GetCommand({ TableName: table, Key: { pk, sk: 'a' } }));
      await client.send(new GetCommand({ TableName: table, Key: { pk, sk: 'missing' } }));
      await client.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: [
                { pk, sk: 'b' },
                { pk, sk: 'c' },
                { pk, sk: 'z' },
              ],
            },
          },
        }),
      );
      await client.send(
        new TransactGetCommand({
          TransactItems: [
            { Get: { TableName: table, Key: { pk, sk: 'a' } } },
            { Get: { TableName: table, Key: { pk, sk: 'y' } } },
          ],
        }),
      );
    });
    // 3 puts + query + 2 gets + batch + transaction = 8 calls; 3 + 1 + 0 + 2 + 1 = 7 items.
    expect([scope.dynamoCalls, scope.itemsRead]).toEqual([8, 7]);
  });
});
