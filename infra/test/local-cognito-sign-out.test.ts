import { describe, expect, it } from 'vitest';
import { answerOf, type SignOutRecords } from '../local/cognito-sign-out';

const T = 1_900_000_000;

function memoryRecords(): SignOutRecords {
  const records = new Map<string, number>();
  return {
    signedOutAt: (name) => records.get(name) ?? null,
    record: (name, at) => void records.set(name, at),
  };
}

/** A refresh token as cognito-local makes one: its claims are what the stand-in reads. */
const refreshToken = (username: string, issuedAt: number) =>
  `h.${Buffer.from(JSON.stringify({ 'cognito:username': username, iat: issuedAt })).toString('base64url')}.s`;

const refresh = (token: string) => ({
  AuthFlow: 'REFRESH_TOKEN_AUTH',
  AuthParameters: { REFRESH_TOKEN: token },
});

const target = (operation: string) => `AWSCognitoIdentityProviderService.${operation}`;

describe('the local stand-in for Cognito global sign-out', () => {
  it('refuses the refresh tokens issued at or before a global sign-out, and only that user’s', () => {
    const records = memoryRecords();

    const signedOut = answerOf(target('AdminUserGlobalSignOut'), { Username: 'sub-1' }, records, T);

    expect(signedOut).toEqual({ status: 200, body: {} });
    expect(answerOf(target('InitiateAuth'), refresh(refreshToken('sub-1', T - 60)), records, T + 5)).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
    });
    expect(answerOf(target('InitiateAuth'), refresh(refreshToken('sub-1', T)), records, T + 5)?.status).toBe(
      400,
    );
    expect(
      answerOf(target('InitiateAuth'), refresh(refreshToken('sub-1', T + 1)), records, T + 5),
    ).toBeNull();
    expect(
      answerOf(target('InitiateAuth'), refresh(refreshToken('sub-2', T - 60)), records, T + 5),
    ).toBeNull();
  });

  it("signs the access token's user out on GlobalSignOut and forwards every other call", () => {
    const records = memoryRecords();
    const accessToken = `h.${Buffer.from(JSON.stringify({ username: 'sub-3' })).toString('base64url')}.s`;

    answerOf(target('GlobalSignOut'), { AccessToken: accessToken }, records, T);

    expect(records.signedOutAt('sub-3')).toBe(T);
    expect(answerOf(target('AdminGetUser'), { Username: 'sub-3' }, records, T)).toBeNull();
    expect(
      answerOf(
        target('InitiateAuth'),
        { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a', PASSWORD: 'b' } },
        records,
        T,
      ),
    ).toBeNull();
  });
});
