import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag finding on a construct and everything below it. `rule` is the rule id,
 * optionally with the finding in brackets (`AwsSolutions-IAM5[Resource::*]`); the reason is one line
 * a reviewer can check.
 */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: rule, reason });
}

/**
 * How cdk-nag writes the stack's partition, account and region inside a finding id: as `<AWS::...>`
 * when the stack is environment-agnostic (offline synth), as literals when `cdk deploy` knows them.
 */
export function nagEnvironment(scope: IConstruct): { partition: string; account: string; region: string } {
  const stack = Stack.of(scope);
  const literalOr = (value: string, pseudo: string) =>
    Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
  return {
    partition: literalOr(stack.partition, 'Partition'),
    account: literalOr(stack.account, 'AccountId'),
    region: literalOr(stack.region, 'Region'),
  };
}

/**
 * The finding id of the AWS-managed policy every Lambda role gets for its logs. CDK writes managed
 * policy ARNs with the partition pseudo parameter even when the region is known.
 */
export const BASIC_EXECUTION_ROLE_FINDING =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
