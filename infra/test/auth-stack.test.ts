import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@app/shared/domain/entities/user';
import { ADMIN_GROUP } from '../lib/stacks/auth-stack';
import { buildTestApp } from './support/build-test-app';

describe('auth stack', () => {
  let template: Template;

  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ placeholderCode: 'true' }).stacks.auth);
  });

  it('signs in with email, on the free plan, with a password policy above the spec minimum', () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0]?.Properties;
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Policies.PasswordPolicy.MinimumLength).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
  });

  it('has the ADMIN group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('has a client per site and one for the auth Lambda, none with a secret', () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient')).map(
      (client) => client.Properties,
    );
    expect(clients.map((client) => client.ClientName).sort()).toEqual([
      'nugget-dev-admin',
      'nugget-dev-api',
      'nugget-dev-web',
    ]);
    for (const client of clients) {
      expect(client.GenerateSecret).toBe(false);
      expect(client.ExplicitAuthFlows).toContain('ALLOW_USER_PASSWORD_AUTH');
      if (client.ClientName !== 'nugget-dev-api')
        expect(client.ExplicitAuthFlows).toContain('ALLOW_USER_SRP_AUTH');
    }
  });
});
