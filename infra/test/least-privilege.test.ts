import { Stack } from 'aws-cdk-lib';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_AREAS } from '@app/shared/api';
import type { NuggetStacks } from '../lib/nugget-app';
import {
  AREA_TABLE_GRANTS,
  ADMIN_COGNITO_ACTIONS,
  AUTH_COGNITO_ACTIONS,
  DYNAMODB_ACTIONS,
  JOB_NAMES,
  JOB_TABLE_GRANTS,
  LEDGER_MIGRATION_GRANTS,
  PARTITION_UPDATE_ACTION,
  type TableGrants,
} from '../lib/table-access';
import { tableEnvironmentVariable, type TableId } from '../lib/table-definitions';
import { buildTestApp } from './support/build-test-app';
import {
  actionsOf,
  dynamoGrantsOf,
  resourcesOf,
  statementsOfFunction,
  type PolicyStatementJson,
} from './support/template-queries';

/** The actions per table, whatever their conditions (the partition-scoped update is checked apart). */
function expectedGrants(grants: TableGrants): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(grants).map(([tableId, access]) => [
      tableId,
      typeof access === 'string'
        ? [...DYNAMODB_ACTIONS[access]].sort()
        : [...DYNAMODB_ACTIONS.read, PARTITION_UPDATE_ACTION].sort(),
    ]),
  );
}

describe('least privilege', () => {
  let stacks: NuggetStacks;

  beforeAll(() => {
    stacks = buildTestApp({ placeholderCode: 'true' }).stacks;
  });

  it.each(SERVICE_AREAS)('gives the %s area exactly the table grants of its map entry', (area) => {
    const fn = stacks.api.functions[area];
    expect(dynamoGrantsOf(fn, stacks.data)).toEqual(expectedGrants(AREA_TABLE_GRANTS[area]));
  });

  it.each(JOB_NAMES)('gives the %s job exactly the table grants of its map entry', (job) => {
    const fn = stacks.jobs.functions[job];
    expect(dynamoGrantsOf(fn, stacks.data)).toEqual(expectedGrants(JOB_TABLE_GRANTS[job]));
  });

  it('gives the ledger migration exactly its table grants, and Scan on the holdings table', () => {
    const expected = expectedGrants(LEDGER_MIGRATION_GRANTS);
    expected.holdings = [...(expected.holdings ?? []), 'dynamodb:Scan'].sort();
    expect(dynamoGrantsOf(stacks.jobs.ledgerMigration, stacks.data)).toEqual(expected);
  });

  // admin: the review decision's transaction; market: the recommendations list's write-back of old markers.
  it.each(['admin', 'market'] as const)(
    'lets the %s area write the market table only by UpdateItem on the LAST_RECS partition',
    (area) => {
      const tableArn = stacks.data.getLogicalId(stacks.data.tables.market.node.defaultChild as CfnTable);
      const onMarket = statementsOfFunction(stacks.api.functions[area]).filter((statement) =>
        JSON.stringify(statement.Resource).includes(tableArn),
      );
      const writes = onMarket.filter((statement) =>
        actionsOf(statement).some((action) => !DYNAMODB_ACTIONS.read.includes(action)),
      );
      // One write statement, on the table itself (no index), for the review markers' partition only.
      expect(writes).toHaveLength(1);
      expect(actionsOf(writes[0] as PolicyStatementJson)).toEqual(['dynamodb:UpdateItem']);
      expect(resourcesOf(writes[0] as PolicyStatementJson)).toHaveLength(1);
      expect(JSON.stringify(writes[0]?.Resource)).not.toContain('/index/');
      expect(writes[0]?.Condition).toEqual({
        'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['LAST_RECS'] },
      });
      // Every other statement on the market table reads, without a condition.
      for (const statement of onMarket.filter((entry) => entry !== writes[0])) {
        expect(actionsOf(statement).sort()).toEqual([...DYNAMODB_ACTIONS.read].sort());
        expect(statement.Condition).toBeUndefined();
      }
    },
  );

  it('passes each function the names of the tables it may use, and no others', () => {
    for (const area of SERVICE_AREAS) {
      const fn = stacks.api.functions[area];
      const logicalId = Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnFunction);
      const variables = Template.fromStack(stacks.api).toJSON().Resources[logicalId].Properties.Environment
        .Variables;
      const tableVariables = Object.keys(variables).filter((name) => name.startsWith('TABLE_'));
      const granted = Object.keys(AREA_TABLE_GRANTS[area]) as TableId[];
      expect(tableVariables.sort()).toEqual(granted.map(tableEnvironmentVariable).sort());
    }
  });

  it('never grants dynamodb:* or a DynamoDB action on every resource, and Scan only to the ledger migration', () => {
    const statements: PolicyStatementJson[] = [
      stacks.api,
      stacks.jobs,
      stacks.sites,
      stacks.observability,
    ].flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')).flatMap(
        (policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[],
      ),
    );
    const dynamoStatements = statements.filter((statement) =>
      actionsOf(statement).some((action) => action.toLowerCase().startsWith('dynamodb:') || action === '*'),
    );
    expect(dynamoStatements.length).toBeGreaterThan(0);
    for (const statement of dynamoStatements) {
      for (const action of actionsOf(statement)) {
        expect(action).not.toContain('*');
        // The one-time migration's listing of the holders (jobs-stack.test.ts checks it is that function's).
        if (statement.Sid !== 'ScanHoldingsTableForLedgerMigration') expect(action).not.toBe('dynamodb:Scan');
      }
      for (const resource of resourcesOf(statement)) {
        expect(resource).not.toBe('*');
        expect(JSON.stringify(resource)).not.toContain('/index/*');
      }
    }
  });

  it('lets only the auth area manage Cognito users and the admin area read them, on its own pool', () => {
    const expected: Partial<Record<string, readonly string[]>> = {
      auth: AUTH_COGNITO_ACTIONS,
      admin: ADMIN_COGNITO_ACTIONS,
    };
    for (const area of SERVICE_AREAS) {
      const cognitoStatements = statementsOfFunction(stacks.api.functions[area]).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('cognito-idp:')),
      );
      const actions = expected[area];
      if (!actions) {
        expect(cognitoStatements, area).toEqual([]);
        continue;
      }
      expect(cognitoStatements).toHaveLength(1);
      expect(actionsOf(cognitoStatements[0] as PolicyStatementJson).sort()).toEqual([...actions].sort());
      expect(JSON.stringify(cognitoStatements[0]?.Resource)).toContain('UserPool');
    }
  });

  it('lets only the admin area read CloudWatch metrics', () => {
    for (const area of SERVICE_AREAS) {
      const metricStatements = statementsOfFunction(stacks.api.functions[area]).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('cloudwatch:')),
      );
      expect(metricStatements.length, area).toBe(area === 'admin' ? 1 : 0);
    }
  });

  it('lets only the portfolio area send on-demand backfills (priority queue) and the auth and subscription areas queue mails (mail queue)', () => {
    // auth: reset and sign-up mails; subscription: receipts of charges and refunds.
    const queueOf: Partial<Record<string, string>> = {
      portfolio: 'PriorityQueue',
      auth: 'MailQueue',
      subscription: 'MailQueue',
    };
    for (const area of SERVICE_AREAS) {
      const queueStatements = statementsOfFunction(stacks.api.functions[area]).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('sqs:')),
      );
      const queue = queueOf[area];
      if (!queue) {
        expect(queueStatements, area).toEqual([]);
        continue;
      }
      expect(queueStatements, area).toHaveLength(1);
      const statement = queueStatements[0] as PolicyStatementJson;
      expect(
        actionsOf(statement).every((action) => action.startsWith('sqs:Send') || action.startsWith('sqs:Get')),
      ).toBe(true);
      expect(JSON.stringify(statement.Resource)).toContain(queue);
    }
  });
});
