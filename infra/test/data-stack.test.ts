import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, TABLES, tableName } from '../lib/table-definitions';
import { buildTestApp } from './support/build-test-app';

type Resource = { Properties: Record<string, unknown>; DeletionPolicy?: string };

function tablesOf(template: Template): Map<string, Resource> {
  const tables = Object.values(template.findResources('AWS::DynamoDB::Table')) as Resource[];
  return new Map(tables.map((table) => [table.Properties.TableName as string, table]));
}

describe('data stack', () => {
  let dev: Map<string, Resource>;
  let prod: Map<string, Resource>;

  beforeAll(() => {
    dev = tablesOf(Template.fromStack(buildTestApp({ placeholderCode: 'true' }).stacks.data));
    prod = tablesOf(Template.fromStack(buildTestApp({ placeholderCode: 'true', stage: 'prod' }).stacks.data));
  });

  it('creates every table of table-definitions.ts and nothing else', () => {
    expect([...dev.keys()].sort()).toEqual(TABLE_IDS.map((id) => tableName('dev', id)).sort());
  });

  it('gives every table on-demand billing, point-in-time recovery and AWS-managed encryption', () => {
    for (const table of [...dev.values(), ...prod.values()]) {
      expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      // SSEEnabled without a key id is KMS with the AWS-managed aws/dynamodb key.
      expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
    }
  });

  it('builds keys, indexes and TTL from the definitions', () => {
    for (const id of TABLE_IDS) {
      const definition = TABLES[id];
      const table = dev.get(tableName('dev', id)) as Resource;
      expect(table.Properties.KeySchema).toEqual([
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
      ]);
      const indexes = (table.Properties.GlobalSecondaryIndexes ?? []) as { IndexName: string }[];
      expect(indexes.map((index) => index.IndexName)).toEqual(
        definition.globalIndexes.map((index) => index.indexName),
      );
      expect(table.Properties.TimeToLiveSpecification).toEqual(
        definition.timeToLiveAttribute
          ? { AttributeName: definition.timeToLiveAttribute, Enabled: true }
          : undefined,
      );
    }
  });

  it('retains and deletion-protects user data in prod only', () => {
    for (const id of TABLE_IDS) {
      const prodTable = prod.get(tableName('prod', id)) as Resource;
      const devTable = dev.get(tableName('dev', id)) as Resource;
      const keep = TABLES[id].holdsUserData;
      expect(prodTable.DeletionPolicy, id).toBe(keep ? 'Retain' : 'Delete');
      expect(prodTable.Properties.DeletionProtectionEnabled, id).toBe(keep);
      expect(devTable.DeletionPolicy, id).toBe('Delete');
    }
  });
});
