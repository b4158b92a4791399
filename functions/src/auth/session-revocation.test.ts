import {
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UsersRepository } from '../data/users-repository';
import { changePassword, signOutEverywhere } from './account-service';
import { createCognitoGateway } from './cognito-gateway';
import { endEverySession } from './session-revocation';

/**
 * The cloud path of ending sessions (docs/accounts.md "Sign out of every session"): the revocation
 * second on the profile, then Cognito's AdminUserGlobalSignOut for the user (named by the sub).
 */

const config = {
  AWS_REGION: 'eu-west-1',
  USER_POOL_ID: 'eu-west-1_pool',
  AUTH_CLIENT_ID: 'api-client',
} as const;
const cognitoClient = new CognitoIdentityProviderClient({ region: config.AWS_REGION });
const cognito = mockClient(cognitoClient);
const NOW = new Date('2031-02-03T04:05:06.789Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

function depsWith() {
  const revoked: [string, number][] = [];
  return {
    revoked,
    deps: {
      users: {
        revokeTokensIssuedBefore: async (userId: string, at: Date) => {
          revoked.push([userId, Math.floor(at.getTime() / 1000)]);
          return Math.floor(at.getTime() / 1000);
        },
      } as unknown as UsersRepository,
      cognito: createCognitoGateway(config, cognitoClient),
      now: () => NOW,
    },
  };
}

const signOutCalls = () =>
  cognito.commandCalls(AdminUserGlobalSignOutCommand).map((call) => call.args[0].input);

describe('ending every session in the cloud', () => {
  beforeEach(() => cognito.reset());

  it('writes the revocation second, then signs the user out of Cognito everywhere', async () => {
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    const { deps, revoked } = depsWith();

    const seconds = await endEverySession('sub-1', deps);

    expect(seconds).toBe(NOW_SECONDS);
    expect(revoked).toEqual([['sub-1', NOW_SECONDS]]);
    expect(signOutCalls()).toEqual([{ UserPoolId: 'eu-west-1_pool', Username: 'sub-1' }]);
  });

  it('counts a user Cognito no longer has as signed out', async () => {
    cognito
      .on(AdminUserGlobalSignOutCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    const { deps } = depsWith();

    await expect(endEverySession('sub-gone', deps)).resolves.toBe(NOW_SECONDS);
  });

  it('sign out everywhere and a password change both end the sessions; a wrong password ends none', async () => {
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    cognito
      .on(ChangePasswordCommand, { PreviousPassword: 'Right-Password-1' })
      .resolves({})
      .on(ChangePasswordCommand, { PreviousPassword: 'Wrong-Password-1' })
      .rejects(
        Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
      );
    const { deps, revoked } = depsWith();
    const caller = { userId: 'sub-2', username: 'sub-2' };

    const ended = await signOutEverywhere(caller, deps);
    const changed = await changePassword(
      caller,
      'access-token',
      { current_password: 'Right-Password-1', new_password: 'New-Password-2' },
      deps,
    );
    const wrong = changePassword(
      caller,
      'access-token',
      { current_password: 'Wrong-Password-1', new_password: 'New-Password-3' },
      deps,
    );

    await expect(wrong).rejects.toMatchObject({ issues: [{ path: 'body.current_password' }] });
    expect(ended).toEqual({ revoked_before: '2031-02-03T04:05:06.000Z' });
    expect(changed).toEqual({ changed: true });
    expect(revoked).toHaveLength(2);
    expect(signOutCalls()).toHaveLength(2);
  });
});
