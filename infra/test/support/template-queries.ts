import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnRole, IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { DataStack } from '../../lib/stacks/data-stack';
import { TABLE_IDS, type TableId } from '../../lib/table-definitions';

export interface PolicyStatementJson {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Sid?: string;
  Condition?: unknown;
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

export function resourcesOf(statement: PolicyStatementJson): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

/** Every statement of every inline policy attached to the function's role. */
export function statementsOfFunction(fn: IFunction): PolicyStatementJson[] {
  const stack = Stack.of(fn);
  const role = fn.role as IRole;
  const roleLogicalId = stack.getLogicalId(role.node.defaultChild as CfnRole);
  const policies = Template.fromStack(stack).findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
}

/** Table id of a policy resource (an import of the data stack's table ARN, maybe with `/index/...`). */
export function tableOfResource(data: DataStack, resource: unknown): TableId | undefined {
  const text = JSON.stringify(resource);
  return TABLE_IDS.find((tableId) =>
    text.includes(data.getLogicalId(data.tables[tableId].node.defaultChild as CfnTable)),
  );
}

/** DynamoDB actions a function holds, per table. */
export function dynamoGrantsOf(fn: IFunction, data: DataStack): Partial<Record<TableId, string[]>> {
  const grants: Partial<Record<TableId, Set<string>>> = {};
  for (const statement of statementsOfFunction(fn)) {
    const dynamoActions = actionsOf(statement).filter((action) => action.startsWith('dynamodb:'));
    if (dynamoActions.length === 0) continue;
    for (const resource of resourcesOf(statement)) {
      const tableId = tableOfResource(data, resource);
      if (!tableId) throw new Error(`DynamoDB action on an unknown resource: ${JSON.stringify(resource)}`);
      const set = (grants[tableId] ??= new Set<string>());
      for (const action of dynamoActions) set.add(action);
    }
  }
  return Object.fromEntries(Object.entries(grants).map(([tableId, set]) => [tableId, [...set].sort()]));
}
