import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { ADMIN_GROUP } from '../lib/stacks/auth-stack';
import { buildTestApp } from './support/build-test-app';

describe('auth stack', () => {
  let template: Template;

  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ placeholderCode: 'true' }).stacks.auth);
  });

  it('signs in with email, on the free plan', () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0]?.Properties;
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
  });

  it("keeps the one password policy of shared/ (PASSWORD_POLICY), the form's and the local pool's", () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0]?.Properties;

    // CloudFormation's names for each rule of PASSWORD_POLICY, written out (not derived) on purpose.
    expect(pool.Policies.PasswordPolicy).toEqual({
      MinimumLength: PASSWORD_POLICY.minLength,
      RequireLowercase: PASSWORD_POLICY.requireLowercase,
      RequireUppercase: PASSWORD_POLICY.requireUppercase,
      RequireNumbers: PASSWORD_POLICY.requireDigits,
      RequireSymbols: PASSWORD_POLICY.requireSymbols,
      TemporaryPasswordValidityDays: 3,
    });
    expect(PASSWORD_POLICY).toEqual({
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireDigits: true,
      requireSymbols: false,
    });
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
      // The address is not writable with an access token alone (docs/accounts.md "E-mail change").
      expect([...client.WriteAttributes].sort()).toEqual(['family_name', 'given_name']);
      if (client.ClientName !== 'nugget-dev-api')
        expect(client.ExplicitAuthFlows).toContain('ALLOW_USER_SRP_AUTH');
    }
  });
});
