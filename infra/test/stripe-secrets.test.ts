import type { Stack } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '@app/shared/domain/entities/billing';
import { buildTestApp, runNag } from './support/build-test-app';

/** Stripe's secrets and webhook route (infra/lib/constructs/stripe-secrets.ts, README "Taking real payments with Stripe"). */

const environmentOf = (stack: Stack, fn: IFunction) => {
  const logicalId = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
  return Template.fromStack(stack).toJSON().Resources[logicalId].Properties.Environment.Variables as Record<
    string,
    unknown
  >;
};

function findingsOf(report: ReturnType<typeof runNag>): string[] {
  return report.violations.map((violation) => `${violation.severity} ${violation.ruleName}`);
}

describe('Stripe in the cloud', () => {
  it('creates both secrets on every deployment, but gives them to no function while the sandbox charges', () => {
    const { stacks } = buildTestApp({ placeholderCode: 'true' });

    const secrets = Template.fromStack(stacks.jobs).findResources('AWS::SecretsManager::Secret');
    const names = Object.values(secrets).map(
      (secret) => (secret as { Properties: { Name?: string } }).Properties.Name,
    );
    expect(names).toEqual(
      expect.arrayContaining(['nugget/dev/stripe/secret-key', 'nugget/dev/stripe/webhook-secret']),
    );
    const subscription = environmentOf(stacks.api, stacks.api.functions.subscription);
    expect(subscription.PAYMENT_GATEWAY).toBe('sandbox');
    expect(subscription).not.toHaveProperty('STRIPE_SECRET_KEY');
  });

  it('with paymentGateway=stripe, gives the subscription area and the renewal job both secrets as Secrets Manager references', () => {
    const { stacks } = buildTestApp({
      placeholderCode: 'true',
      paymentGateway: 'stripe',
      stripePublishableKey: 'pk_test_123abc',
    });

    for (const [stack, fn] of [
      [stacks.api, stacks.api.functions.subscription],
      [stacks.jobs, stacks.jobs.functions['billing-renewal']],
    ] as const) {
      const environment = environmentOf(stack, fn);
      expect(environment.PAYMENT_GATEWAY).toBe('stripe');
      expect(JSON.stringify(environment.STRIPE_SECRET_KEY)).toContain('resolve:secretsmanager');
      expect(JSON.stringify(environment.STRIPE_WEBHOOK_SECRET)).toContain('resolve:secretsmanager');
      expect(JSON.stringify(environment)).not.toMatch(/sk_(live|test)_|whsec_/);
    }
    // Stripe posts without a token: the webhook route has no authorizer (its signature is checked in the Lambda).
    Template.fromStack(stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: `POST ${STRIPE_WEBHOOK_PATH}`,
      AuthorizationType: 'NONE',
    });
  });

  it('is cdk-nag clean with Stripe on', () => {
    const { app } = buildTestApp({
      placeholderCode: 'true',
      paymentGateway: 'stripe',
      stripePublishableKey: 'pk_test_123abc',
    });
    expect(findingsOf(runNag(app))).toEqual([]);
  });
});
