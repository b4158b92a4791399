import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from '../config';
import { cognitoClientFor } from './cognito-gateway';
import { fieldError } from '../platform/errors';
import { message } from '@app/shared/messages/message';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';

/**
 * What the e-mailed codes change in the user pool, through the admin API that both Cognito and
 * cognito-local implement: a new permanent password, a new verified address. Users are named by
 * their sub (the pool's username).
 */
export function createIdentityAdmin(
  config: Pick<Config, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID'>,
  client: CognitoIdentityProviderClient = cognitoClientFor(config),
) {
  return {
    async setPassword(userId: string, password: string): Promise<void> {
      try {
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: config.USER_POOL_ID,
            Username: userId,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (error: unknown) {
        if (error instanceof Error && error.name === 'InvalidPasswordException') {
          throw fieldError(
            'body.new_password',
            message('AUTH_PASSWORD_POLICY', { field: 'new_password', minimum: PASSWORD_POLICY.minLength }),
          );
        }
        throw error;
      }
    },

    async setEmail(userId: string, email: string): Promise<void> {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: config.USER_POOL_ID,
          Username: userId,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
  };
}
