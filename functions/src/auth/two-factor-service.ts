import {
  SetUserMFAPreferenceCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { message } from '@app/shared/messages/message';
import type { Config } from '../config';
import type { UsersRepository } from '../data/users-repository';
import { NotFoundError } from '../platform/errors';
import { confirmCurrentPassword } from './account-service';
import { cognitoClientFor, type CognitoGateway } from './cognito-gateway';

/*
 * Turning the authenticator (TOTP) off, asked with the current password (docs/accounts.md "Sensitive
 * changes"). The switch is SetUserMFAPreference with the caller's own access token, which Cognito and
 * cognito-local both implement (cognito-local has no admin variant).
 */

export interface TwoFactorDeps {
  users: Pick<UsersRepository, 'get'>;
  cognito: Pick<CognitoGateway, 'signIn'>;
  turnOffTotp(accessToken: string): Promise<void>;
}

export function createTotpSwitch(
  config: Pick<Config, 'AWS_REGION' | 'COGNITO_ENDPOINT'>,
  client: CognitoIdentityProviderClient = cognitoClientFor(config),
): TwoFactorDeps['turnOffTotp'] {
  return async (accessToken) => {
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  };
}

/** With the right current password, the account signs in with the password alone from now on. */
export async function turnOffTwoFactor(
  userId: string,
  accessToken: string,
  currentPassword: string,
  deps: TwoFactorDeps,
): Promise<{ two_factor: false }> {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  await confirmCurrentPassword(user.email, currentPassword, 'body.current_password', deps.cognito);
  await deps.turnOffTotp(accessToken);
  return { two_factor: false };
}
