import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  AdminSetUserPasswordCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
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
/** The password was right; the account has a second factor and no (or a wrong) code came with it. */
export class SecondFactorRequiredError extends Error {}
export class SecondFactorWrongError extends Error {}

const WRONG_CREDENTIALS_NAMES = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
];

function tokensOf(auth: AuthenticationResultType | undefined, email: string): Tokens {
  if (!auth?.AccessToken || !auth.IdToken) throw new WrongCredentialsError(email);
  return {
    accessToken: auth.AccessToken,
    idToken: auth.IdToken,
    refreshToken: auth.RefreshToken,
    expiresIn: auth.ExpiresIn ?? 3600,
  };
}

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

    /**
     * Password sign-in; an account with an authenticator app answers the SOFTWARE_TOKEN_MFA challenge
     * with `totpCode` (without one, SecondFactorRequiredError once the password is known to be right).
     * `secondFactor` says whether the code was asked for and accepted (auth-service.ts records its step).
     */
    async signIn(
      email: string,
      password: string,
      totpCode?: string,
    ): Promise<Tokens & { secondFactor: boolean }> {
      let started;
      try {
        countCall();
        started = await client.send(
          new InitiateAuthCommand({
            ClientId: config.AUTH_CLIENT_ID,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
      } catch (error: unknown) {
        // cognito-local answers a wrong password with InvalidPasswordException; Cognito with NotAuthorized.
        if (WRONG_CREDENTIALS_NAMES.includes(nameOf(error))) throw new WrongCredentialsError(email);
        throw error;
      }
      if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA')
        return { ...tokensOf(started.AuthenticationResult, email), secondFactor: false };
      if (!totpCode) throw new SecondFactorRequiredError(email);
      try {
        countCall();
        const answered = await client.send(
          new RespondToAuthChallengeCommand({
            ClientId: config.AUTH_CLIENT_ID,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: started.Session,
            ChallengeResponses: {
              USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
              SOFTWARE_TOKEN_MFA_CODE: totpCode,
            },
          }),
        );
        return { ...tokensOf(answered.AuthenticationResult, email), secondFactor: true };
      } catch (error: unknown) {
        if (
          ['CodeMismatchException', 'NotAuthorizedException', 'ExpiredCodeException'].includes(nameOf(error))
        )
          throw new SecondFactorWrongError(email);
        throw error;
      }
    },

    /** ChangePassword with the caller's own access token; false when the current password is wrong. */
    async changePassword(accessToken: string, current: string, next: string): Promise<boolean> {
      try {
        countCall();
        await client.send(
          new ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: current,
            ProposedPassword: next,
          }),
        );
        return true;
      } catch (error: unknown) {
        if (WRONG_CREDENTIALS_NAMES.includes(nameOf(error))) return false;
        if (nameOf(error) === 'InvalidParameterException') throw new WeakPasswordError('weak password');
        throw error;
      }
    },

    /**
     * AdminUserGlobalSignOut: Cognito revokes every refresh token of the user (and its access tokens
     * for Cognito's own APIs), so no session gets a new token (session-revocation.ts). cognito-local
     * 5.3.0 lacks the operation: the local stack's stand-in in front of it provides it
     * (infra/local/cognito-sign-out.ts). A user already gone counts as done.
     */
    async signOutEverywhere(username: string): Promise<void> {
      try {
        countCall();
        await client.send(
          new AdminUserGlobalSignOutCommand({ UserPoolId: config.USER_POOL_ID, Username: username }),
        );
      } catch (error: unknown) {
        if (nameOf(error) !== 'UserNotFoundException') throw error;
      }
    },

    /** The account's e-mail (AdminGetUser), or null when the identity service no longer has it. */
    async emailOf(username: string): Promise<string | null> {
      try {
        countCall();
        const found = await client.send(
          new AdminGetUserCommand({ UserPoolId: config.USER_POOL_ID, Username: username }),
        );
        return found.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
      } catch (error: unknown) {
        if (nameOf(error) === 'UserNotFoundException') return null;
        throw error;
      }
    },

    /** AdminDeleteUser that treats "already gone" as done, so a retried account deletion finishes. */
    async deleteUserIfPresent(username: string): Promise<void> {
      try {
        countCall();
        await client.send(
          new AdminDeleteUserCommand({ UserPoolId: config.USER_POOL_ID, Username: username }),
        );
      } catch (error: unknown) {
        if (nameOf(error) !== 'UserNotFoundException') throw error;
      }
    },
  };
}

export type CognitoGateway = ReturnType<typeof createCognitoGateway>;
