import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from '../config';
import { currentRequestScope } from '../platform/request-scope';

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
}

/** Cognito failures the auth service turns into 4xx answers. */
export class EmailTakenError extends Error {}
export class WeakPasswordError extends Error {}
export class WrongCredentialsError extends Error {}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function countCall(): void {
  const scope = currentRequestScope();
  if (scope) scope.cognitoCalls += 1;
}

/** The user pool's client: Cognito in the cloud, cognito-local when COGNITO_ENDPOINT is set. */
export function cognitoClientFor(config: Pick<Config, 'AWS_REGION' | 'COGNITO_ENDPOINT'>) {
  return new CognitoIdentityProviderClient({
    region: config.AWS_REGION,
    maxAttempts: 2,
    ...(config.COGNITO_ENDPOINT
      ? { endpoint: config.COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

/** The user pool, through the AWS SDK (cognito-local on a laptop). */
export function createCognitoGateway(
  config: Pick<Config, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID' | 'AUTH_CLIENT_ID'>,
  client = cognitoClientFor(config),
) {
  return {
    /** Creates a confirmed user with a permanent password; returns the user's sub. */
    async createUser(email: string, password: string, firstName: string, lastName: string): Promise<string> {
      let sub: string | undefined;
      try {
        countCall();
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: config.USER_POOL_ID,
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'given_name', Value: firstName },
              ...(lastName ? [{ Name: 'family_name', Value: lastName }] : []),
            ],
          }),
        );
        sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      } catch (error: unknown) {
        if (nameOf(error) === 'UsernameExistsException') throw new EmailTakenError(email);
        throw error;
      }
      if (!sub) throw new Error('Cognito created a user without a sub');
      try {
        countCall();
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: config.USER_POOL_ID,
            Username: email,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (error: unknown) {
        // Leave nothing half-made behind: the account exists only with its password.
        countCall();
        await client.send(new AdminDeleteUserCommand({ UserPoolId: config.USER_POOL_ID, Username: email }));
        if (nameOf(error) === 'InvalidPasswordException' || nameOf(error) === 'InvalidParameterException') {
          throw new WeakPasswordError(error instanceof Error ? error.message : 'weak password');
        }
        throw error;
      }
      return sub;
    },

    async deleteUser(email: string): Promise<void> {
      countCall();
      await client.send(new AdminDeleteUserCommand({ UserPoolId: config.USER_POOL_ID, Username: email }));
    },

    async signIn(email: string, password: string): Promise<Tokens> {
      try {
        countCall();
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: config.AUTH_CLIENT_ID,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        const auth = result.AuthenticationResult;
        if (!auth?.AccessToken || !auth.IdToken) throw new WrongCredentialsError(email);
        return {
          accessToken: auth.AccessToken,
          idToken: auth.IdToken,
          refreshToken: auth.RefreshToken,
          expiresIn: auth.ExpiresIn ?? 3600,
        };
      } catch (error: unknown) {
        // cognito-local answers a wrong password with InvalidPasswordException; Cognito with NotAuthorized.
        if (
          ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(
            nameOf(error),
          )
        ) {
          throw new WrongCredentialsError(email);
        }
        throw error;
      }
    },
  };
}

export type CognitoGateway = ReturnType<typeof createCognitoGateway>;
