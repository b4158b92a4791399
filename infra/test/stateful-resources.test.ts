import { readFileSync } from 'node:fs';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NuggetStacks } from '../lib/nugget-app';
import { buildTestApp } from './support/build-test-app';

/**
 * CloudFormation replaces a resource whose logical id (or type, or physical name) changes: a new table,
 * user pool, queue, bucket, secret or key is created and the old one deleted or orphaned, with the data,
 * users, messages, objects, secret values and encrypted data it held. Moving or renaming a construct
 * changes its logical id, so every refactoring of infra/ is checked against the ids of production as
 * committed in stateful-resources.expected.json (docs/testing.md "Stateful resources keep their ids").
 *
 * A change to that file is a replacement of stateful resources in production: it needs a migration
 * plan (export and import, or `overrideLogicalId` to keep the old id) written down with the change.
 */

/**
 * Types whose replacement loses data or makes a person redo something: tables, the user pool with its
 * clients (their ids are in the sites' config) and its ADMIN group (its members), queues (messages in
 * flight), buckets, secrets, KMS keys (what they encrypted), retained log groups, the SES identity
 * (DKIM records in DNS) and the alarm e-mail subscription (the confirmation mail).
 */
const STATEFUL_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolDomain',
  'AWS::Cognito::UserPoolGroup',
  'AWS::SQS::Queue',
  'AWS::S3::Bucket',
  'AWS::SecretsManager::Secret',
  'AWS::KMS::Key',
  'AWS::Logs::LogGroup',
  'AWS::SES::EmailIdentity',
  'AWS::SNS::Subscription',
] as const;

/** The property naming the resource, when set: changing it replaces the resource too. */
const NAME_PROPERTY: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Cognito::UserPool': 'UserPoolName',
  'AWS::Cognito::UserPoolClient': 'ClientName',
  'AWS::Cognito::UserPoolGroup': 'GroupName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SES::EmailIdentity': 'EmailIdentity',
};

/**
 * The log group of aws-s3-deployment's singleton handler: CDK names it from the handler's settings (and
 * may rename it in a CDK upgrade); it holds the site uploads' logs only.
 */
const CDK_OWNED_PREFIX = 'CustomCDKBucketDeployment';

interface StatefulResource {
  readonly type: string;
  readonly name?: string;
}

/** Per stack (`Data`, `Auth`, ... without the stage), logical id -> type and physical name. */
type StatefulInventory = Record<string, Record<string, StatefulResource>>;

function statefulResourcesOf(stacks: NuggetStacks): StatefulInventory {
  const inventory: StatefulInventory = {};
  for (const stack of Object.values(stacks)) {
    if (!(stack instanceof Stack)) continue;
    const part = stack.stackName.replace(/^Nugget-[A-Za-z]+-/, '');
    const resources = Template.fromStack(stack).toJSON().Resources as Record<
      string,
      { Type: string; Properties?: Record<string, unknown> }
    >;
    const stateful = Object.entries(resources)
      .filter(([, resource]) => (STATEFUL_TYPES as readonly string[]).includes(resource.Type))
      .filter(([logicalId]) => !logicalId.startsWith(CDK_OWNED_PREFIX))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([logicalId, resource]) => {
        const name = resource.Properties?.[NAME_PROPERTY[resource.Type] ?? ''];
        return [
          logicalId,
          typeof name === 'string' ? { type: resource.Type, name } : { type: resource.Type },
        ];
      });
    inventory[part] = Object.fromEntries(stateful);
  }
  return inventory;
}

const typesOnly = (inventory: StatefulInventory) =>
  Object.fromEntries(
    Object.entries(inventory).map(([part, resources]) => [
      part,
      Object.fromEntries(Object.entries(resources).map(([id, resource]) => [id, resource.type])),
    ]),
  );

const expected = (
  JSON.parse(readFileSync(new URL('stateful-resources.expected.json', import.meta.url), 'utf8')) as {
    stacks: StatefulInventory;
  }
).stacks;

describe('stateful resources', () => {
  let prod: StatefulInventory;
  let dev: StatefulInventory;

  beforeAll(() => {
    prod = statefulResourcesOf(
      buildTestApp({ placeholderCode: 'true', stage: 'prod', alarmEmail: 'ops@example.com' }).stacks,
    );
    dev = statefulResourcesOf(
      buildTestApp({ placeholderCode: 'true', alarmEmail: 'ops@example.com' }).stacks,
    );
  });

  it('keep the logical ids, types and names of production as committed in stateful-resources.expected.json', () => {
    expect(prod).toEqual(expected);
  });

  it('are the same resources under the same logical ids in dev', () => {
    expect(typesOnly(dev)).toEqual(typesOnly(expected));
  });

  it('with paymentGateway=stripe, keep the same ids (the gateway switch replaces nothing)', () => {
    const stripe = statefulResourcesOf(
      buildTestApp({
        placeholderCode: 'true',
        stage: 'prod',
        alarmEmail: 'ops@example.com',
        paymentGateway: 'stripe',
        stripePublishableKey: 'pk_live_123abc',
      }).stacks,
    );
    expect(stripe).toEqual(expected);
  });
});
