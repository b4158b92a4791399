import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { TABLE_IDS, TABLES, tableName, type KeyAttribute, type TableId } from '../table-definitions';

export type TableRefs = Readonly<Record<TableId, dynamodb.ITable>>;

export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

function attributeOf(key: KeyAttribute): dynamodb.Attribute {
  return {
    name: key.name,
    type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
  };
}

/**
 * The DynamoDB tables, built from `table-definitions.ts` (the local stack creates the same ones):
 * on-demand, point-in-time recovery, AWS-managed encryption, TTL where records expire. In prod the
 * tables holding user data are retained and deletion-protected; everything else is disposable
 * (market data is re-polled, idempotency records expire, dev data is test data).
 */
export class DataStack extends Stack {
  readonly tables: TableRefs;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    const tables = {} as Record<TableId, dynamodb.ITable>;
    for (const tableId of TABLE_IDS) {
      const definition = TABLES[tableId];
      const keepData = config.isProduction && definition.holdsUserData;
      const table = new dynamodb.Table(this, `${tableId.charAt(0).toUpperCase()}${tableId.slice(1)}Table`, {
        tableName: tableName(config.stage, tableId),
        partitionKey: attributeOf(definition.partitionKey),
        ...(definition.sortKey ? { sortKey: attributeOf(definition.sortKey) } : {}),
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        deletionProtection: keepData,
        removalPolicy: keepData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      for (const index of definition.globalIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attributeOf(index.partitionKey),
          ...(index.sortKey ? { sortKey: attributeOf(index.sortKey) } : {}),
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      tables[tableId] = table;
    }
    this.tables = tables;
  }
}
